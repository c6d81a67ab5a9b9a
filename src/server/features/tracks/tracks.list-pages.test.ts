import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TRACK_SORTS, type Track, type TrackSort } from '../../../shared/schemas/tracks';
import {
  awkwardEquipment,
  awkwardFailedTrackValues,
  awkwardRenditionTrackValues,
  awkwardTrackValues,
} from '../../../test/awkward-rows';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { equipmentTags, trackEquipmentTags, tracks } from '../../db/schema';
import { listOwnTracks } from './tracks.service';

let t: TestApp;
let alice: TestClient & { userId: string };
let bob: TestClient & { userId: string };

beforeAll(async () => {
  t = await buildTestApp();
  alice = await t.signedInClient();
  bob = await t.signedInClient();
});
afterAll(async () => t.close());
beforeEach(async () => {
  await t.db.delete(tracks);
  await t.db.delete(equipmentTags);
});

const at = (iso: string) => new Date(iso);

/** Tracks with every tie the orders have: same upload time, same file date, undated files. */
async function seedTies(userId: string) {
  const rows = [
    // Three uploads in the same millisecond but different microseconds, and two exactly equal.
    { created: '2024-03-01 10:00:00.123456+00', file: '2023-01-01T00:00:00Z' },
    { created: '2024-03-01 10:00:00.123999+00', file: '2023-01-01T00:00:00Z' },
    { created: '2024-03-01 10:00:00.123001+00', file: null },
    { created: '2024-03-01 10:00:00.123001+00', file: null },
    { created: '2024-03-02 10:00:00+00', file: '2023-01-01T00:00:00Z' },
    { created: '2024-03-02 10:00:00+00', file: '2022-06-01T00:00:00Z' },
    { created: '2024-02-01 10:00:00+00', file: '2025-01-01T00:00:00Z' },
    { created: '2024-02-01 10:00:00+00', file: null },
  ];
  for (let round = 0; round < 2; round++) {
    for (const [i, row] of rows.entries()) {
      await t.db.insert(tracks).values({
        userId,
        name: `Take ${round}-${i}`,
        filename: `take-${i}.wav`,
        filepath: `tracks/${round}-${i}`,
        mimeType: 'audio/wav',
        size: 1000 + i,
        createdAt: new Date(0), // replaced below with microsecond precision
        fileCreatedAt: row.file ? at(row.file) : null,
      });
    }
  }
  // Drizzle passes Dates (milliseconds); the exact microseconds go in as text.
  const all = await t.db.select({ id: tracks.id }).from(tracks);
  for (const [n, { id }] of all.entries()) {
    const created = rows[n % rows.length]!.created;
    await t.db.execute(sql`update tracks set created_at = ${created}::timestamptz where id = ${id}`);
  }
}

async function allPages(client: TestClient, sort: TrackSort, limit: number) {
  const seen: Track[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const query = `sort=${sort}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const res = await client.get(`/api/tracks?${query}`);
    expect(res.statusCode).toBe(200);
    const page = res.json<{ items: Track[]; nextCursor: string | null }>();
    expect(page.items.length).toBeLessThanOrEqual(limit);
    seen.push(...page.items);
    cursor = page.nextCursor;
    pages += 1;
  } while (cursor && pages < 100);
  return { seen, pages };
}

describe('GET /api/tracks?limit=&cursor=', () => {
  for (const sort of TRACK_SORTS) {
    it(`pages through every track exactly once, in the ${sort} order, ties included`, async () => {
      await seedTies(alice.userId);
      await seedTies(bob.userId);
      const whole = (await alice.get(`/api/tracks?sort=${sort}`)).json<Track[]>();
      expect(whole).toHaveLength(16);
      for (const limit of [1, 3, 16, 200]) {
        const { seen, pages } = await allPages(alice, sort, limit);
        expect(seen.map((track) => track.id)).toEqual(whole.map((track) => track.id));
        expect(pages).toBe(Math.max(1, Math.ceil(16 / limit)));
      }
      // The order the list always had (the ORM query's), microsecond ties and equal times included.
      const before = await listOwnTracks(t.db, alice.userId, sort);
      expect(whole.map((track) => track.id)).toEqual(before.map((track) => track.id));
    });
  }

  it('matches the plain list item for item', async () => {
    await seedTies(alice.userId);
    const whole = (await alice.get('/api/tracks?sort=dateCreated')).json<Track[]>();
    const page = (await alice.get('/api/tracks?sort=dateCreated&limit=5')).json<{ items: Track[] }>();
    expect(page.items).toEqual(whole.slice(0, 5));
  });

  it('answers an empty page with no cursor when there are no tracks', async () => {
    const res = await alice.get('/api/tracks?limit=10');
    // A first page also counts (decision 0271).
    expect(res.json()).toEqual({ items: [], nextCursor: null, total: 0, all: 0 });
  });

  it('refuses a cursor it did not give, or given for the other sort, with 400', async () => {
    await seedTies(alice.userId);
    const first = (await alice.get('/api/tracks?sort=dateUploaded&limit=2')).json<{ nextCursor: string }>();
    const forged = Buffer.from(JSON.stringify(['dateUploaded', 'yesterday', null, 1])).toString('base64url');
    for (const url of [
      `/api/tracks?sort=dateCreated&limit=2&cursor=${first.nextCursor}`,
      '/api/tracks?limit=2&cursor=not-a-cursor',
      `/api/tracks?limit=2&cursor=${forged}`,
      `/api/tracks?cursor=${first.nextCursor}`,
    ]) {
      const res = await alice.get(url);
      expect(res.statusCode, url).toBe(400);
    }
  });

  it('keeps limit within 1 to 1,000 (the big journal’s pages, issue 48)', async () => {
    for (const limit of ['0', '1001', '2.5', 'ten', '-1']) {
      expect((await alice.get(`/api/tracks?limit=${limit}`)).statusCode, limit).toBe(400);
    }
    expect((await alice.get('/api/tracks?limit=1000')).statusCode).toBe(200);
    expect((await alice.get('/api/tracks?limit=1')).statusCode).toBe(200);
  });
});

describe('GET /api/tracks reply bytes', () => {
  it('are those the ORM path wrote (JSON.stringify of toTrackDto), awkward values included', async () => {
    const [synth, pedal] = await t.db.insert(equipmentTags).values(awkwardEquipment).returning();
    const base = { userId: alice.userId, filename: 'a.wav', filepath: 'tracks/a', mimeType: 'audio/wav' };
    const [a, b, c] = await t.db
      .insert(tracks)
      .values([
        { ...base, ...awkwardTrackValues },
        { ...base, ...awkwardFailedTrackValues, name: 'Long one' },
        { ...base, ...awkwardRenditionTrackValues, name: 'Rendition', shareToEquipmentPages: false },
      ])
      .returning();
    await t.db.insert(trackEquipmentTags).values([
      { trackId: a!.id, equipmentTagId: pedal!.id, createdAt: at('2024-01-02T00:00:00Z') },
      { trackId: a!.id, equipmentTagId: synth!.id, createdAt: at('2024-01-01T00:00:00Z') },
      { trackId: c!.id, equipmentTagId: synth!.id },
    ]);
    await t.db.execute(
      sql`update tracks set updated_at = '2024-05-05 05:05:05.987654+00' where id = ${b!.id}`,
    );
    for (const sort of TRACK_SORTS) {
      const res = await alice.get(`/api/tracks?sort=${sort}`);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.body).toBe(JSON.stringify(await listOwnTracks(t.db, alice.userId, sort)));
    }
  });
});

it('gives back a file date of the first century as stored (the ORM path read 0005 as 2001)', async () => {
  await t.db.insert(tracks).values({
    userId: alice.userId,
    name: 'Ancient',
    filename: 'a.wav',
    filepath: 'tracks/a',
    mimeType: 'audio/wav',
    size: 1,
    fileCreatedAt: at('0005-05-01T10:00:00.999Z'),
  });
  const [track] = (await alice.get('/api/tracks')).json<Track[]>();
  expect(track!.fileCreatedAt).toBe('0005-05-01T10:00:00.999Z');
});
