import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMigrationTestDatabase } from '../../test/migrations-up-to';
import type { DatabaseHandle } from './client';

// Migration 0007 (decision 0116) on a database as 0006 left it: image URLs become storage key
// bases, queued deletions follow, and the outbox triggers watch the renamed columns.

const A = '0b9a4e0c-5f43-4c39-9d3e-4c0b3e7a1f11';
const B = '1b9a4e0c-5f43-4c39-9d3e-4c0b3e7a1f22';
const C = '2b9a4e0c-5f43-4c39-9d3e-4c0b3e7a1f33';
const D = '3b9a4e0c-5f43-4c39-9d3e-4c0b3e7a1f44';
const E = '4b9a4e0c-5f43-4c39-9d3e-4c0b3e7a1f55';

describe('migration 0007: image columns hold storage key bases', () => {
  let handle: DatabaseHandle;
  let db: Awaited<ReturnType<typeof openMigrationTestDatabase>>;
  const rows = async (query: ReturnType<typeof sql>) =>
    (await handle.db.execute(query)) as unknown as { rows: Record<string, unknown>[] };

  beforeAll(async () => {
    db = await openMigrationTestDatabase('imgkeys');
    handle = db.handle;
    await db.migrateThrough('image_keys', -1);
    // Rows as the app wrote them before: the images route's URL in each column.
    await handle.db.execute(sql`insert into users (id, avatar_url) values
      ('u1', ${`/api/images/avatars/${A}`}), ('u2', null), ('u3', 'https://example.com/not-ours.png')`);
    await handle.db.execute(
      sql`insert into playlists (user_id, name, image_url) values ('u1', 'p', ${`/api/images/playlists/${B}`})`,
    );
    await handle.db.execute(
      sql`insert into collectives (name, owner_id, image_url) values ('c', 'u1', ${`/api/images/collectives/${C}`})`,
    );
    await handle.db.execute(
      sql`insert into equipment_tags (name, image_url) values ('e', ${`/api/images/equipment/${D}`})`,
    );
    // A deletion queued under 0006 and not drained yet.
    await handle.db.execute(sql`insert into blob_deletions (ref) values
      (${`/api/images/avatars/${E}`}), ('tracks/old')`);
    // Up to 0007 only: later migrations (0008 gives users new ids) are not what this test checks.
    await db.migrateThrough('image_keys');
  });
  afterAll(async () => {
    await db?.close();
  });

  it('turns every image URL into the key base of its variants, and clears what named no image', async () => {
    const users = await rows(sql`select id, avatar_key from users order by id`);
    expect(users.rows).toEqual([
      { id: 'u1', avatar_key: `images/avatars/${A}` },
      { id: 'u2', avatar_key: null },
      { id: 'u3', avatar_key: null },
    ]);
    expect((await rows(sql`select image_key from playlists`)).rows).toEqual([
      { image_key: `images/playlists/${B}` },
    ]);
    expect((await rows(sql`select image_key from collectives`)).rows).toEqual([
      { image_key: `images/collectives/${C}` },
    ]);
    expect((await rows(sql`select image_key from equipment_tags`)).rows).toEqual([
      { image_key: `images/equipment/${D}` },
    ]);
  });

  it('rewrites queued image URLs and queues nothing for the rewrite itself', async () => {
    const queued = await rows(sql`select ref from blob_deletions order by id`);
    expect(queued.rows.map((r) => r.ref)).toEqual([`images/avatars/${E}`, 'tracks/old']);
  });

  it('keeps the outbox triggers on the renamed columns', async () => {
    await handle.db.execute(sql`delete from blob_deletions`);
    await handle.db.execute(sql`update users set avatar_key = ${`images/avatars/${E}`} where id = 'u1'`);
    await handle.db.execute(sql`update playlists set image_key = null`);
    await handle.db.execute(sql`delete from collectives`);
    await handle.db.execute(sql`delete from equipment_tags`);
    const queued = await rows(sql`select ref from blob_deletions order by id`);
    expect(queued.rows.map((r) => r.ref)).toEqual([
      `images/avatars/${A}`,
      `images/playlists/${B}`,
      `images/collectives/${C}`,
      `images/equipment/${D}`,
    ]);
  });
});
