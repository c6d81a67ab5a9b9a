import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EQUIPMENT_TRACKS_LIMIT, type EquipmentTrack } from '../../../shared/schemas/tracks';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { makeWav } from '../../../test/media-fixtures';
import { openMigrationTestDatabase } from '../../../test/migrations-up-to';
import { encodeEquipmentTracksCursor, equipmentTracksQuery } from './equipment-page.service';

// Issue 48: 'Tracks Using {name}' in pages, read in order from track_equipment_tags_tag_order_idx
// (the links carry their track's created_at), on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.

let t: TestApp;
let ada: TestClient & { userId: string };
let bob: TestClient & { userId: string };
let carol: TestClient & { userId: string };
let mallory: TestClient & { userId: string };

beforeAll(async () => {
  t = await buildTestApp();
  ada = await t.signedInClient();
  bob = await t.signedInClient();
  carol = await t.signedInClient();
  mallory = await t.signedInClient();
});
afterAll(async () => t.close());

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const newTag = async (name: string) => (await ada.post('/api/equipment', { name })).json().id as number;

/**
 * `count` tracks of `owner`'s, by set-based SQL, tagged with `tag`: created_at repeats (three tracks
 * a second) and differs by microseconds within a millisecond, so ties and the cursor's precision
 * both count. Returns the ids in insert order.
 */
async function seed(owner: string, tag: number, count: number, extra = sql`true`) {
  const made = rowsOf<{ id: number }>(
    await t.db.execute(sql`
      insert into tracks (user_id, name, filename, filepath, mime_type, size, created_at)
      select ${owner}, 'Seeded ' || i, 'f.wav', 'seed/' || ${tag}::int || '/' || ${owner} || '/' || i, 'audio/wav', 1000,
        timestamptz '2024-01-01 00:00:00.123456+00' + (i / 3) * interval '1 second'
          + (case when i % 5 = 0 then i % 3 else 0 end) * interval '1 microsecond'
      from generate_series(1, ${count}::int) i
      returning id`),
  ).map((r) => Number(r.id));
  await t.db.execute(sql`
    insert into track_equipment_tags (track_id, equipment_tag_id)
    select id, ${tag} from unnest(${`{${made.join(',')}}`}::int[]) id where ${extra}`);
  return made;
}

async function allPages(client: TestClient, tag: number, limit: number) {
  const ids: number[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const q: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
    const res = await client.get(`/api/equipment/${tag}/tracks?limit=${limit}${q}`);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { items: EquipmentTrack[]; nextCursor: string | null };
    expect(body.items.length).toBeLessThanOrEqual(limit);
    ids.push(...body.items.map((track) => track.id));
    cursor = body.nextCursor;
    pages += 1;
  } while (cursor && pages < 1000);
  return ids;
}

/** The order the page must equal, read straight from tracks: newest first, ties by the highest id. */
async function expectedOrder(tag: number, viewer: string) {
  return rowsOf<{ id: number }>(
    await t.db.execute(sql`
      select t.id from track_equipment_tags te join tracks t on t.id = te.track_id
        join users u on u.id = t.user_id
      where te.equipment_tag_id = ${tag} and t.share_to_equipment_pages
        and (t.user_id = ${viewer} or (t.hidden_at is null and u.suspended_at is null))
      order by t.created_at desc, t.id desc`),
  ).map((r) => Number(r.id));
}

describe('GET /api/equipment/:id/tracks in pages', () => {
  let tag: number;
  let hidden: number[];
  let unshared: number[];
  let suspendedOwners: number[];

  beforeAll(async () => {
    tag = await newTag('Pager Synth');
    const bobs = await seed(bob.userId, tag, 40);
    const adas = await seed(ada.userId, tag, 15);
    hidden = bobs.filter((_, i) => i % 7 === 0);
    unshared = adas.filter((_, i) => i % 4 === 1);
    await t.db.execute(
      sql`update tracks set hidden_at = now() where id = any(${`{${hidden.join(',')}}`}::int[])`,
    );
    await t.db.execute(
      sql`update tracks set share_to_equipment_pages = false where id = any(${`{${unshared.join(',')}}`}::int[])`,
    );
    suspendedOwners = await seed(mallory.userId, tag, 6);
    await t.db.execute(sql`update users set suspended_at = now() where id = ${mallory.userId}`);
  });

  it('pages of 2 through the cursors give exactly the unpaged order, without hidden, suspended or unshared tracks', async () => {
    const paged = await allPages(carol, tag, 2);
    const whole = (await carol.get(`/api/equipment/${tag}/tracks`)).json() as EquipmentTrack[];
    expect(paged).toEqual(whole.map((track) => track.id));
    expect(paged).toEqual(await expectedOrder(tag, carol.userId));
    expect(paged).toHaveLength(40 + 15 - hidden.length - unshared.length);
    for (const id of [...hidden, ...unshared, ...suspendedOwners]) expect(paged).not.toContain(id);
    expect(new Set(paged).size).toBe(paged.length);
  });

  it('shows the owner their own hidden tracks, as every list does, but never an unshared one', async () => {
    const paged = await allPages(bob, tag, 3);
    expect(paged).toEqual(await expectedOrder(tag, bob.userId));
    for (const id of hidden) expect(paged).toContain(id);
    for (const id of unshared) expect(paged).not.toContain(id);
  });

  it('ends with a null cursor, and a page holds the tracks with their owner and equipment', async () => {
    const res = await carol.get(`/api/equipment/${tag}/tracks?limit=200`);
    const body = res.json() as { items: EquipmentTrack[]; nextCursor: string | null };
    expect(body.nextCursor).toBeNull();
    expect(body.items[0]!.user.id).toBeTruthy();
    expect(body.items[0]!.equipment.map((e) => e.id)).toContain(tag);
  });

  it('answers a bad cursor with 400, never 500', async () => {
    const bad = [
      'not base64 at all!',
      Buffer.from('not json').toString('base64url'),
      Buffer.from(JSON.stringify({ createdAt: 'x', id: 1 })).toString('base64url'),
      Buffer.from(JSON.stringify(['2024-01-01T00:00:00.123Z', 5])).toString('base64url'),
      Buffer.from(JSON.stringify(['2024-01-01T00:00:00.123456Z', 0])).toString('base64url'),
      Buffer.from(JSON.stringify(['2024-01-01T00:00:00.123456Z', 2 ** 31])).toString('base64url'),
      Buffer.from(JSON.stringify(['2024-13-45T00:00:00.123456Z', 5])).toString('base64url'),
      Buffer.from(JSON.stringify(['2024-01-01T00:00:00.123456Z', 5, 'x'])).toString('base64url'),
      'x'.repeat(300),
    ];
    for (const cursor of bad) {
      const res = await carol.get(
        `/api/equipment/${tag}/tracks?limit=2&cursor=${encodeURIComponent(cursor)}`,
      );
      expect(res.statusCode, cursor).toBe(400);
      expect(res.json().message, cursor).toMatch(/cursor/);
    }
    // A cursor without a limit says so.
    const good = encodeEquipmentTracksCursor('2024-01-01T00:00:00.123456Z', 5);
    const noLimit = await carol.get(`/api/equipment/${tag}/tracks?cursor=${good}`);
    expect(noLimit.statusCode).toBe(400);
    expect(noLimit.json().message).toMatch(/cursor needs limit/);
  });

  it('keeps limit from 1 to 200', async () => {
    for (const limit of ['0', '201', '-1', '2.5', 'many']) {
      const res = await carol.get(`/api/equipment/${tag}/tracks?limit=${limit}`);
      expect(res.statusCode, limit).toBe(400);
      expect(res.json().message, limit).toMatch(/limit/);
    }
    expect((await carol.get(`/api/equipment/${tag}/tracks?limit=1`)).json().items).toHaveLength(1);
    expect((await carol.get(`/api/equipment/${tag}/tracks?limit=200`)).statusCode).toBe(200);
  });

  it('answers a missing equipment with 404 in pages too', async () => {
    expect((await carol.get('/api/equipment/2000000000/tracks?limit=5')).statusCode).toBe(404);
  });
});

describe('without limit', () => {
  it(`is a plain array of at most the ${EQUIPMENT_TRACKS_LIMIT.unpaged} newest tracks`, async () => {
    const tag = await newTag('Crowded Synth');
    await seed(bob.userId, tag, EQUIPMENT_TRACKS_LIMIT.unpaged + 20);
    const res = await carol.get(`/api/equipment/${tag}/tracks`);
    expect(res.statusCode).toBe(200);
    const list = res.json() as EquipmentTrack[];
    expect(Array.isArray(list)).toBe(true);
    expect(list.map((track) => track.id)).toEqual(
      (await expectedOrder(tag, carol.userId)).slice(0, EQUIPMENT_TRACKS_LIMIT.unpaged),
    );
  });
});

describe('track_created_at', () => {
  const linkTimes = async (trackId: number) =>
    rowsOf<{ equipment_tag_id: number; same: boolean }>(
      await t.db.execute(sql`
        select te.equipment_tag_id, te.track_created_at = t.created_at as same
        from track_equipment_tags te join tracks t on t.id = te.track_id where te.track_id = ${trackId}`),
    );

  async function upload(name: string) {
    const res = await ada.upload(
      '/api/tracks',
      { name },
      { field: 'audio', name: `${name}.wav`, type: 'audio/wav', data: makeWav(1) },
    );
    expect(res.statusCode).toBe(201);
    return res.json().id as number;
  }

  it("is the track's created_at on a link made by POST /api/tracks/:id/equipment and by bulk addEquipment", async () => {
    const [one, two] = [await newTag('Link One'), await newTag('Link Two')];
    const single = await upload('single');
    // An older track: its created_at is not the link's own.
    await t.db.execute(sql`update tracks set created_at = now() - interval '3 days' where id = ${single}`);
    expect((await ada.post(`/api/tracks/${single}/equipment`, { equipmentTagId: one })).statusCode).toBe(201);
    expect(await linkTimes(single)).toEqual([{ equipment_tag_id: one, same: true }]);

    const many = [await upload('bulk a'), await upload('bulk b')];
    await t.db.execute(
      sql`update tracks set created_at = now() - interval '1 year' where id = any(${`{${many.join(',')}}`}::int[])`,
    );
    const bulk = await ada.post('/api/tracks/bulk', {
      ids: many,
      action: 'addEquipment',
      equipmentIds: [one, two],
    });
    expect(bulk.statusCode).toBe(200);
    for (const id of many) {
      const links = await linkTimes(id);
      expect(links).toHaveLength(2);
      expect(links.every((l) => l.same)).toBe(true);
    }
  });

  it("follows a later change of the track's created_at (an import sets it), and a writer cannot set another", async () => {
    const tag = await newTag('Link Three');
    const id = await upload('moved');
    await ada.post(`/api/tracks/${id}/equipment`, { equipmentTagId: tag });
    await t.db.execute(
      sql`update tracks set created_at = timestamptz '2001-02-03 04:05:06.789012+00' where id = ${id}`,
    );
    expect(await linkTimes(id)).toEqual([{ equipment_tag_id: tag, same: true }]);
    await t.db.execute(sql`update track_equipment_tags set track_created_at = now() where track_id = ${id}`);
    expect(await linkTimes(id)).toEqual([{ equipment_tag_id: tag, same: true }]);
    const [row] = rowsOf<{ at: string }>(
      await t.db.execute(sql`select to_char(track_created_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') as at
        from track_equipment_tags where track_id = ${id}`),
    );
    expect(row!.at).toBe('2001-02-03 04:05:06.789012');
  });
  it('leaves a link to a missing track failing on the foreign key, as before', async () => {
    const tag = await newTag('Link Four');
    const error = await t.db
      .execute(sql`insert into track_equipment_tags (track_id, equipment_tag_id) values (2000000000, ${tag})`)
      .then(
        () => null,
        (e: unknown) => e as { code?: string; cause?: { code?: string } },
      );
    expect(error?.code ?? error?.cause?.code).toBe('23503');
  });
});

describe('the page query plan (issue 48)', () => {
  let tag: number;

  beforeAll(async () => {
    // One piece of gear on 4,000 tracks of two people's, among 8,000 links to 20 others.
    const rows = rowsOf<{ id: number }>(
      await t.db.execute(
        sql`insert into equipment_tags (name) select 'Plan Synth ' || i from generate_series(0, 20) i returning id`,
      ),
    );
    tag = Number(rows[0]!.id);
    for (const owner of [bob.userId, carol.userId]) {
      await t.db.execute(sql`
        with made as (
          insert into tracks (user_id, name, filename, filepath, mime_type, size, created_at,
            share_to_equipment_pages)
          select ${owner}, 'Plan ' || i, 'f.wav', 'plan/' || ${owner} || '/' || i, 'audio/wav', 1000,
            timestamptz '2022-01-01' + i * interval '7 minutes', i % 10 <> 0
          from generate_series(1, 2000) i
          returning id)
        insert into track_equipment_tags (track_id, equipment_tag_id)
        select id, ${tag} from made
        union all select id, ${tag} + 1 + id % 20 from made
        union all select id, ${tag} + 1 + (id + 7) % 20 from made`);
    }
    await t.db.execute(sql`analyze`);
  });

  async function plan(cursor?: { time: string; id: number }) {
    const result = await t.db.execute(
      sql`explain ${equipmentTracksQuery(t.db, tag, ada.userId, 51, cursor)}`,
    );
    return rowsOf<{ 'QUERY PLAN': string }>(result)
      .map((r) => r['QUERY PLAN'])
      .join('\n');
  }

  for (const [name, cursor] of [
    ['a first page', undefined],
    ['a later page', { time: '2022-01-10T00:00:00.000000Z', id: 1_000_000 }],
  ] as const) {
    it(`${name} walks track_equipment_tags_tag_order_idx in order and reads no link it does not need`, async () => {
      const text = await plan(cursor);
      // The links in the page's order from the index (an index-only scan: the key holds all it
      // needs), each joined to its track by primary key; no sort, so the walk stops at the limit.
      expect(text).toMatch(/^Limit/);
      expect(text).toMatch(/Index (Only )?Scan using track_equipment_tags_tag_order_idx/);
      expect(text).toMatch(
        cursor
          ? /Index Cond: \(\(equipment_tag_id = \d+\) AND \(ROW\(track_created_at, track_id\) < ROW\(/
          : /Index Cond: \(equipment_tag_id = \d+\)/,
      );
      expect(text).not.toMatch(/Seq Scan on track_equipment_tags/);
      expect(text).not.toMatch(/Seq Scan on tracks/);
      expect(text).not.toMatch(/Sort/);
    });
  }

  it('and the pages still equal the order read from tracks', async () => {
    const paged = await allPages(ada, tag, 200);
    expect(paged).toEqual(await expectedOrder(tag, ada.userId));
    expect(paged).toHaveLength(3600);
  });
});

describe('migration 0044 on links made before it', () => {
  it("fills each link with its track's created_at and renews no journal list", async () => {
    const db = await openMigrationTestDatabase('equiptrackorder');
    try {
      await db.migrateThrough('equipment_track_order', -1);
      const run = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await db.handle.db.execute(query));
      const [user] = await run<{ id: string }>(
        sql`insert into users (email) values ('old@example.com') returning id`,
      );
      const made = await run<{ id: number }>(sql`
        insert into tracks (user_id, name, filename, filepath, mime_type, size, created_at)
        select ${user!.id}, 'Old ' || i, 'f.wav', 'old/' || i, 'audio/wav', 1000,
          timestamptz '2019-06-01 10:00:00.000001+00' + i * interval '1 day 1 microsecond'
        from generate_series(1, 3) i returning id`);
      const [gear] = await run<{ id: number }>(
        sql`insert into equipment_tags (name) values ('Old Synth') returning id`,
      );
      await db.handle.db.execute(sql`
        insert into track_equipment_tags (track_id, equipment_tag_id, created_at)
        select id, ${gear!.id}, now() from unnest(${`{${made.map((r) => r.id).join(',')}}`}::int[]) id`);
      const revisions = sql`select id, list_revision from tracks order by id`;
      const before = await run<{ id: number; list_revision: string }>(revisions);

      await db.migrateThrough('equipment_track_order');
      const links = await run<{ same: boolean }>(sql`
        select te.track_created_at = t.created_at as same
        from track_equipment_tags te join tracks t on t.id = te.track_id`);
      expect(links).toEqual([{ same: true }, { same: true }, { same: true }]);
      expect(await run(revisions)).toEqual(before);
    } finally {
      await db.close();
    }
  }, 60_000); // A database of its own, migrated from the start: slow on a loaded machine.
});
