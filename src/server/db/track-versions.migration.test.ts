import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMigrationTestDatabase } from '../../test/migrations-up-to';
import type { DatabaseHandle } from './client';

// Migration 0013 (decisions 0220, 0223, 0226) on a database as 0012 left it: every existing track is
// version 1 and every existing comment was made on version 1; nothing is written to the history.

describe('migration 0013: track versions', () => {
  let handle: DatabaseHandle;
  let db: Awaited<ReturnType<typeof openMigrationTestDatabase>>;
  const rows = async (query: ReturnType<typeof sql>) =>
    ((await handle.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;

  beforeAll(async () => {
    db = await openMigrationTestDatabase('versions');
    handle = db.handle;
    await db.migrateThrough('track_versions', -1);
    const [user] = await rows(sql`insert into users (is_public) values (false) returning id`);
    const userId = String(user?.id);
    const [track] = await rows(
      sql`insert into tracks (user_id, name, filename, filepath, mime_type, size)
          values (${userId}, 'old', 'old.wav', 'tracks/old', 'audio/wav', 1) returning id`,
    );
    const [collective] = await rows(
      sql`insert into collectives (name, owner_id) values ('Band', ${userId}) returning id`,
    );
    await handle.db.execute(
      sql`insert into track_comments (collective_id, track_id, user_id, content, at_seconds)
          values (${collective?.id}, ${track?.id}, ${userId}, 'Snare', 1)`,
    );
    await db.migrateThrough('track_versions');
  });
  afterAll(async () => {
    await db?.close();
  });

  it('makes existing tracks version 1 and their comments comments on version 1, with no history', async () => {
    expect(await rows(sql`select name, version from tracks`)).toEqual([{ name: 'old', version: 1 }]);
    expect(await rows(sql`select content, track_version from track_comments`)).toEqual([
      { content: 'Snare', track_version: 1 },
    ]);
    expect(await rows(sql`select count(*)::int as n from track_versions`)).toEqual([{ n: 0 }]);
  });

  it('keeps one history row per track and version, and drops them with the track', async () => {
    const [track] = await rows(sql`select id from tracks`);
    await handle.db.execute(
      sql`insert into track_versions (track_id, version, filename, size) values (${track?.id}, 2, 'v2.wav', 2)`,
    );
    await expect(
      handle.db.execute(
        sql`insert into track_versions (track_id, version, filename, size) values (${track?.id}, 2, 'again.wav', 2)`,
      ),
    ).rejects.toThrow();
    await handle.db.execute(sql`delete from tracks`);
    expect(await rows(sql`select count(*)::int as n from track_versions`)).toEqual([{ n: 0 }]);
  });

  it('accepts the new_version notification kind', async () => {
    const [user] = await rows(sql`select id from users`);
    await handle.db.execute(
      sql`insert into notifications (user_id, kind, track_version) values (${user?.id}, 'new_version', 2)`,
    );
    expect(await rows(sql`select kind, track_version from notifications`)).toEqual([
      { kind: 'new_version', track_version: 2 },
    ]);
  });
});
