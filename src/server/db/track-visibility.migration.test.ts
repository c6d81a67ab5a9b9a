import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMigrationTestDatabase } from '../../test/migrations-up-to';
import type { DatabaseHandle } from './client';

// Migration 0010 (decision 0141) on a database as 0009 left it: the tracks of public profiles stay
// public, every other track becomes private, and new rows default to private.

const track = (userId: string, name: string) =>
  sql`insert into tracks (user_id, name, filename, filepath, mime_type, size)
      values (${userId}, ${name}, ${`${name}.mp3`}, ${`tracks/${name}`}, 'audio/mpeg', 1)`;

describe('migration 0009: per-track visibility', () => {
  let handle: DatabaseHandle;
  let db: Awaited<ReturnType<typeof openMigrationTestDatabase>>;
  const ids = { pub: '', priv: '' };
  const rows = async (query: ReturnType<typeof sql>) =>
    (await handle.db.execute(query)) as unknown as { rows: Record<string, unknown>[] };

  beforeAll(async () => {
    db = await openMigrationTestDatabase('visibility');
    handle = db.handle;
    await db.migrateThrough('track_visibility', -1);
    // Ids are made by the database since 0008 (decision 0200).
    const made = await rows(
      sql`insert into users (is_public) values (true), (false) returning id, is_public`,
    );
    ids.pub = String(made.rows.find((r) => r.is_public)?.id);
    ids.priv = String(made.rows.find((r) => !r.is_public)?.id);
    for (const [user, t] of [
      ['pub', 'pub-1'],
      ['pub', 'pub-2'],
      ['priv', 'priv-1'],
    ] as const) {
      await handle.db.execute(track(ids[user], t));
    }
    await db.migrateThrough('track_visibility');
  });
  afterAll(async () => {
    await db?.close();
  });

  it('keeps the tracks of public profiles public and makes the others private', async () => {
    const result = await rows(sql`select name, visibility, content_hash from tracks order by name`);
    expect(result.rows).toEqual([
      { name: 'priv-1', visibility: 'private', content_hash: null },
      { name: 'pub-1', visibility: 'public', content_hash: null },
      { name: 'pub-2', visibility: 'public', content_hash: null },
    ]);
  });

  it('makes a track inserted afterwards private, whatever its owner profile', async () => {
    await handle.db.execute(track(ids.pub, 'pub-new'));
    const result = await rows(sql`select visibility from tracks where name = 'pub-new'`);
    expect(result.rows).toEqual([{ visibility: 'private' }]);
  });
});
