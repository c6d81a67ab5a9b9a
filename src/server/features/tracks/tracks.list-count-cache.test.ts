import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ShareLink } from '../../../shared/schemas/shares';
import type { TrackPage } from '../../../shared/schemas/track-list';
import type { Track } from '../../../shared/schemas/tracks';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { makeWav } from '../../../test/media-fixtures';
import { equipmentTags, tracks } from '../../db/schema';
import { giveUpOnTrack } from './track-processing.service';

// Decision 0900: a first page's counts are kept per owner, journal revision and filter. They must be
// the numbers an instance that keeps none answers, after every kind of change, and a filter asked
// again at the same revision (the other sort, a reload, the next pages) must not count again.

type Client = TestClient & { userId: string };
let t: TestApp;
/** The same database without the list cache, so without kept counts: today's numbers, counted. */
let uncounted: TestApp;
let alice: Client;
let aliceCounted: Client;
let bob: Client;

beforeAll(async () => {
  t = await buildTestApp();
  uncounted = await buildTestApp({
    sharedDatabase: t.database,
    dataDir: t.dataDir,
    config: { trackListCacheBytes: 0 },
  });
  alice = await t.signedInClient();
  bob = await t.signedInClient();
  aliceCounted = await uncounted.signedInAs(alice.userId);
});
afterAll(async () => {
  await uncounted?.close();
  await t?.close();
});
beforeEach(async () => {
  await t.db.delete(tracks);
  await t.db.delete(equipmentTags);
});

async function upload(client: TestClient, name: string, fields: Record<string, string> = {}) {
  const res = await client.upload(
    '/api/tracks',
    { name, ...fields },
    { field: 'audio', name: `${name}.wav`, type: 'audio/wav', data: makeWav(1) },
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Track>();
}

async function equipment(client: TestClient, name: string, trackId?: number) {
  const { id } = (await client.post('/api/equipment', { name })).json<{ id: number }>();
  if (trackId !== undefined) await tagged(client, trackId, id);
  return id;
}

async function tagged(client: TestClient, trackId: number, equipmentTagId: number) {
  const res = await client.post(`/api/tracks/${trackId}/equipment`, { equipmentTagId });
  expect(res.statusCode, res.body).toBe(201);
}

/** The counts of a first page of `query`, as `client`'s instance answers them. */
async function countsOf(client: TestClient, query: string) {
  const res = await client.get(`/api/tracks?${query}&limit=1`);
  expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
  const page = res.json<TrackPage>();
  return { total: page.total, all: page.all, capped: page.totalCapped ?? false };
}

/** The count statements (the only ones reading user_track_counts) since the last `t.queries.length = 0`. */
const countStatements = () => t.queries.filter((q) => q.includes('user_track_counts')).length;

/** Alice's counts of `query` and whether a count ran for them (the log is the database's, shared). */
async function keptCounts(query: string) {
  t.queries.length = 0;
  const counts = await countsOf(alice, query);
  return { ...counts, counted: countStatements() > 0 };
}

/** Alice's counts of `query` are `total`, and what an instance that keeps no counts answers. */
async function expectTotal(query: string, total: number) {
  const kept = await countsOf(alice, query);
  expect(kept, query).toEqual(await countsOf(aliceCounted, query));
  expect(kept.total, query).toBe(total);
}

/** Asks `query` twice (kept after the first), runs `write`, and expects `after` next. */
async function recounts(query: string, before: number, write: () => Promise<unknown>, after: number) {
  await expectTotal(query, before);
  expect(await keptCounts(query), `${query} asked again`).toMatchObject({ total: before, counted: false });
  await write();
  await expectTotal(query, after);
}

describe('first pages’ counts kept per journal revision', () => {
  it('counts a filter once: the other sort, a reload, another limit and the next page ask no count', async () => {
    for (const name of ['Harbour one', 'Harbour two', 'Harbour three', 'Lantern']) await upload(alice, name);
    t.queries.length = 0;
    const first = (await alice.get('/api/tracks?q=harbour&limit=2')).json<TrackPage>();
    expect([first.total, first.all, countStatements()]).toEqual([3, 4, 1]);
    t.queries.length = 0;
    const again = (await alice.get('/api/tracks?q=harbour&limit=2')).json<TrackPage>();
    const sorted = (await alice.get('/api/tracks?q=harbour&limit=2&sort=dateCreated')).json<TrackPage>();
    const longer = (await alice.get('/api/tracks?q=harbour&limit=50')).json<TrackPage>();
    const cursor = encodeURIComponent(first.nextCursor ?? '');
    const next = (await alice.get(`/api/tracks?q=harbour&limit=2&cursor=${cursor}`)).json<TrackPage>();
    expect(countStatements()).toBe(0);
    expect([again, sorted, longer].map((p) => [p.total, p.all])).toEqual([
      [3, 4],
      [3, 4],
      [3, 4],
    ]);
    expect(next.total).toBeUndefined(); // a later page never counts
    // Another filter, the unfiltered first page: counted once each.
    for (const url of ['/api/tracks?q=lantern&limit=1', '/api/tracks?limit=1']) {
      t.queries.length = 0;
      for (let i = 0; i < 2; i++) expect((await alice.get(url)).statusCode).toBe(200);
      expect(countStatements(), url).toBe(1);
    }
  });

  it('keys each count by every part of the filter, and the typo count apart from the one as typed', async () => {
    const e1 = await equipment(alice, 'Juno-106');
    const e2 = await equipment(alice, 'Prophet-5');
    const one = await upload(alice, 'Harbour one', { fileCreatedAt: '2020-05-01T00:00:00.000Z' });
    const two = await upload(alice, 'Lantern two');
    const three = await upload(alice, 'Harbour three', { fileCreatedAt: '2021-06-01T00:00:00.000Z' });
    await tagged(alice, one.id, e1);
    await tagged(alice, two.id, e2);
    await tagged(alice, three.id, e2);
    await alice.patch(`/api/tracks/${one.id}`, { visibility: 'public', bpm: 120, musicalKey: 'A minor' });
    await giveUpOnTrack(t.db, two.id);
    // Pairs that differ in one part only, each pair's counts apart: a key without that part would
    // answer the second with the first's count.
    const cases: [string, number][] = [
      ['q=harbour', 2],
      ['q=lantern', 1],
      ['q=harbuor', 2], // counted as typed (none), then with the typo: two keys of one filter
      [`equipment=${e1}`, 1],
      [`equipment=${e2}`, 2],
      [`equipment=${e1},${e2}`, 3],
      ['visibility=public', 1],
      ['visibility=private', 2],
      ['q=harbour&visibility=private', 1],
      ['state=pending', 2],
      ['state=failed', 1],
      ['format=wav', 3],
      ['format=mpeg', 0],
      ['from=2000-01-01', 3],
      ['from=2000-01-01&dateField=created', 2],
      ['from=2021-01-01&dateField=created', 1],
      ['to=2021-12-31&dateField=created', 2],
      ['to=2020-12-31&dateField=created', 1],
      ['bpmFrom=100', 1],
      ['bpmFrom=130', 0],
      ['bpmTo=130', 1],
      ['bpmTo=100', 0],
      ['key=Am', 1],
      ['key=C', 0],
    ];
    for (const [query, total] of cases) await expectTotal(query, total);
    for (const [query, total] of cases) {
      expect(await keptCounts(query), query).toMatchObject({ total, counted: false });
    }
  });

  it('recounts after an upload, a rename, a notes edit and a deletion', async () => {
    const one = await upload(alice, 'Harbour one');
    await recounts('q=harbour', 1, () => upload(alice, 'Harbour two'), 2);
    const lantern = await upload(alice, 'Lantern');
    await recounts(
      'q=harbour',
      2,
      () => alice.patch(`/api/tracks/${lantern.id}`, { name: 'Harbour three' }),
      3,
    );
    await recounts('q=meadow', 0, () => alice.patch(`/api/tracks/${one.id}`, { notes: 'a meadow' }), 1);
    await recounts('q=harbour', 3, () => alice.delete(`/api/tracks/${one.id}`), 2);
    await recounts(
      'q=harbour',
      2,
      () => t.db.execute(sql`update tracks set name = 'Elsewhere' where user_id = ${alice.userId}`),
      0,
    );
  });

  it('recounts after tagging, untagging, and equipment renamed or deleted by someone else', async () => {
    const track = await upload(alice, 'Take');
    const juno = await equipment(alice, 'Juno-106');
    await recounts(`equipment=${juno}`, 0, () => tagged(alice, track.id, juno), 1);
    await recounts(
      'q=juno',
      1,
      async () => {
        const bobs = await upload(bob, 'Bob take');
        await tagged(bob, bobs.id, juno);
        expect((await bob.patch(`/api/equipment/${juno}`, { name: 'Jupiter-8' })).statusCode).toBe(200);
      },
      0,
    );
    await expectTotal('q=jupiter', 1);
    await recounts(
      `equipment=${juno}`,
      1,
      () => alice.delete(`/api/tracks/${track.id}/equipment/${juno}`),
      0,
    );
    const prophet = await equipment(alice, 'Prophet-5', track.id);
    // No route deletes equipment; an operator's fix (or a future route) must still be counted.
    await recounts(
      `equipment=${prophet}`,
      1,
      () => t.db.delete(equipmentTags).where(eq(equipmentTags.id, prophet)),
      0,
    );
    await expectTotal('q=prophet', 0);
  });

  it('recounts after sharing changes (visibility, one by one and in bulk), a job, and a guest’s upload', async () => {
    const one = await upload(alice, 'Harbour one');
    const two = await upload(alice, 'Harbour two');
    await recounts(
      'visibility=public',
      0,
      () => alice.patch(`/api/tracks/${one.id}`, { visibility: 'public' }),
      1,
    );
    await recounts(
      'visibility=public',
      1,
      () =>
        alice.post('/api/tracks/bulk', {
          ids: [one.id, two.id],
          action: 'setVisibility',
          visibility: 'public',
        }),
      2,
    );
    await recounts('state=failed', 0, () => giveUpOnTrack(t.db, two.id), 1);
    // An upload link (issue 45): a signed-out guest's file lands in Alice's journal.
    const link = (await alice.post('/api/shares', { kind: 'upload' })).json<ShareLink>();
    await recounts(
      'q=harbour',
      2,
      async () => {
        const res = await t
          .client()
          .upload(
            `/api/shares/by-token/${link.token}/uploads`,
            { name: 'Grace' },
            { field: 'audio', name: 'Harbour mix.wav', type: 'audio/wav', data: makeWav(1) },
          );
        expect(res.statusCode, res.body).toBe(201);
      },
      3,
    );
  });
});
