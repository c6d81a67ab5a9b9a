import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TrackPage } from '../../../shared/schemas/track-list';
import { sortTracks, type Track } from '../../../shared/schemas/tracks';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { tracks } from '../../db/schema';
import { ownTracksJson } from './track-list.query';

// Issue 47: the journal sorted by the tempo and the key it shows (the owner's, else the measure),
// slowest or C major first, none last, ties newest upload then highest id: GET /api/tracks in
// whole, in cursor pages and from the cached list agree with shared sortTracks.

type Client = TestClient & { userId: string };
let t: TestApp;
let alice: Client;

beforeAll(async () => {
  t = await buildTestApp();
  alice = await t.signedInClient();
});
afterAll(async () => t.close());
beforeEach(async () => {
  await t.db.delete(tracks);
});

const SORTS = ['tempo', 'key'] as const;
type ValueSort = (typeof SORTS)[number];

/** A measured take; `day` sets the upload time (equal days tie, then the highest id goes first). */
async function take(day: number, bpm: number | null, musicalKey: string | null): Promise<number> {
  const [row] = await t.db
    .insert(tracks)
    .values({
      userId: alice.userId,
      name: 'Take', // one name: a text filter ranks them equal, the sort decides
      filename: 'take.wav',
      filepath: `tracks/${Math.random()}`,
      mimeType: 'audio/wav',
      size: 10,
      createdAt: new Date(Date.UTC(2024, 0, day)),
      processingState: 'ready',
      originalPlayable: true,
      bpm,
      bpmConfidence: bpm === null ? null : 0.8,
      musicalKey,
      keyConfidence: musicalKey === null ? null : 0.5,
    })
    .returning({ id: tracks.id });
  return row!.id;
}

/** Ties of every kind: equal shown tempos from different measures, equal keys, none, equal uploads. */
async function seed(): Promise<number[]> {
  return [
    await take(1, 119.96, 'A minor'),
    await take(2, 120.04, 'C major'),
    await take(2, 90, 'C minor'),
    await take(3, null, 'C# major'),
    await take(3, 60.5, null),
    await take(4, null, null),
    await take(5, 120, 'A minor'),
    await take(1, 250, 'B minor'),
    await take(6, 89.96, 'C major'),
    await take(6, null, null),
  ];
}

const whole = async (client: Client, sort: ValueSort) => {
  const res = await client.get(`/api/tracks?sort=${sort}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Track[]>();
};

/** Every page, two at a time, in order; the query string may add a filter. */
async function paged(client: Client, sort: ValueSort, extra = '') {
  const ids: number[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const url = `/api/tracks?sort=${sort}&limit=2${extra}${cursor ? `&cursor=${cursor}` : ''}`;
    const res = await client.get(url);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    const page = res.json<TrackPage>();
    ids.push(...page.items.map((item) => item.id));
    cursor = page.nextCursor;
    pages += 1;
  } while (cursor && pages < 50);
  return ids;
}

const idsOf = (list: Track[]) => list.map((track) => track.id);

describe('GET /api/tracks?sort=tempo and ?sort=key', () => {
  it('orders as sortTracks, in the whole list and across cursor pages of two', async () => {
    const [a, b, c, d, e, f, g, h, i, j] = await seed();
    const tempo = await whole(alice, 'tempo');
    expect(idsOf(tempo)).toEqual(idsOf(sortTracks(tempo, 'tempo')));
    // 60.5; 89.96 and 90 both show 90.0 (the newer upload first); the three 120.0 newest first;
    // 250; then those without a tempo, newest first and, on the same day, the highest id.
    expect(idsOf(tempo)).toEqual([e, i, c, g, b, a, h, j, f, d]);
    const key = await whole(alice, 'key');
    expect(idsOf(key)).toEqual(idsOf(sortTracks(key, 'key')));
    expect(idsOf(key)).toEqual([i, b, c, d, g, a, h, j, f, e]);
    for (const sort of SORTS) {
      const list = sort === 'tempo' ? tempo : key;
      expect(await paged(alice, sort)).toEqual(idsOf(list));
      // Filtered pages keep the order, and a text filter ranks first, the sort ordering equals.
      expect(await paged(alice, sort, '&bpmFrom=80')).toEqual(
        idsOf(list.filter((track) => track.bpm !== null && track.bpm >= 80)),
      );
      expect(await paged(alice, sort, '&q=take')).toEqual(idsOf(list));
    }
  });

  it("follows the owner's tempo and key over the measure (PATCH), and the measure when reset", async () => {
    const [a = 0, , , d] = await seed();
    expect((await alice.patch(`/api/tracks/${a}`, { bpm: 40, musicalKey: 'C major' })).statusCode).toBe(200);
    expect((await alice.patch(`/api/tracks/${d}`, { bpm: 300 })).statusCode).toBe(200);
    for (const sort of SORTS) {
      const list = await whole(alice, sort);
      expect(idsOf(list)).toEqual(idsOf(sortTracks(list, sort)));
      expect(await paged(alice, sort)).toEqual(idsOf(list));
    }
    expect((await whole(alice, 'tempo'))[0]?.id).toBe(a);
    // Two C majors measured on later days stay before it (newer upload first).
    expect(idsOf(await whole(alice, 'key')).indexOf(a)).toBe(2);
    await alice.patch(`/api/tracks/${a}`, { bpm: null, musicalKey: null });
    const tempo = await whole(alice, 'tempo');
    expect(tempo.find((track) => track.id === a)?.bpm).toBe(120);
    expect(idsOf(tempo)).toEqual(idsOf(sortTracks(tempo, 'tempo')));
  });

  it('refuses a cursor of the other order or with a forged value (400); date cursors keep their format', async () => {
    await seed();
    const first = (sort: string) => alice.get(`/api/tracks?sort=${sort}&limit=2`);
    const tempoCursor = (await first('tempo')).json<TrackPage>().nextCursor!;
    const cursor = (parts: unknown[]) => Buffer.from(JSON.stringify(parts)).toString('base64url');
    const [sort, created, fileCreated, id, value] = JSON.parse(
      Buffer.from(tempoCursor, 'base64url').toString(),
    );
    expect(sort).toBe('tempo');
    expect(value).toBe(900); // the second track's tempo in tenths
    for (const url of [
      `/api/tracks?sort=key&limit=2&cursor=${tempoCursor}`,
      `/api/tracks?sort=tempo&limit=2&cursor=${cursor([sort, created, fileCreated, id])}`,
      `/api/tracks?sort=tempo&limit=2&cursor=${cursor([sort, created, fileCreated, id, 'fast'])}`,
      `/api/tracks?sort=key&limit=2&cursor=${cursor(['key', created, fileCreated, id, 24])}`,
    ]) {
      expect((await alice.get(url)).statusCode, url).toBe(400);
    }
    // A page handed out before issue 47: [sort, created, file date, id].
    const date = (await first('dateUploaded')).json<TrackPage>().nextCursor!;
    expect(JSON.parse(Buffer.from(date, 'base64url').toString())).toHaveLength(4);
    expect((await alice.get(`/api/tracks?sort=dateUploaded&limit=2&cursor=${date}`)).statusCode).toBe(200);
  });
});

describe('the cached tempo and key lists after a change', () => {
  /** The list as served (patched in the cache) is the database's list now, in sortTracks order. */
  async function servedIsFresh(sort: ValueSort) {
    const res = await alice.get(`/api/tracks?sort=${sort}`);
    expect(res.body).toBe(await ownTracksJson(t.db, alice.userId, sort));
    const list = res.json<Track[]>();
    expect(idsOf(list)).toEqual(idsOf(sortTracks(list, sort)));
  }

  it('re-places a track after any PATCH of its tempo or key, or a new measure, as a fresh read', async () => {
    const ids = await seed();
    const TEMPOS = [null, 60.5, 89.96, 90, 120, 120.04, 250] as const;
    const KEYS = [null, 'C major', 'C minor', 'Db', 'A minor', 'B minor'] as const;
    const change = fc.oneof(
      fc.record({
        kind: fc.constant('owner' as const),
        at: fc.nat(ids.length - 1),
        bpm: fc.option(fc.constantFrom(...TEMPOS.slice(1)), { nil: null }),
        key: fc.option(fc.constantFrom(...KEYS.slice(1)), { nil: null }),
      }),
      // What processing writes: the measured columns, under any owner's value.
      fc.record({
        kind: fc.constant('measured' as const),
        at: fc.nat(ids.length - 1),
        bpm: fc.constantFrom(...TEMPOS),
        key: fc.constantFrom(...KEYS.filter((k) => k !== 'Db')),
      }),
    );
    // Both lists are held before the first change, so each change is patched into them.
    for (const sort of SORTS) await servedIsFresh(sort);
    await fc.assert(
      fc.asyncProperty(fc.array(change, { minLength: 1, maxLength: 4 }), async (changes) => {
        for (const { kind, at, bpm, key } of changes) {
          const id = ids[at]!;
          if (kind === 'owner') {
            const res = await alice.patch(`/api/tracks/${id}`, { bpm, musicalKey: key });
            expect(res.statusCode, res.body).toBe(200);
          } else {
            await t.db.update(tracks).set({ bpm, musicalKey: key }).where(eq(tracks.id, id));
          }
          for (const sort of SORTS) await servedIsFresh(sort);
        }
      }),
      { numRuns: 15 },
    );
  });
});
