import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TRACK_SORTS, type Track } from '../../../shared/schemas/tracks';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { takeRow } from '../../../test/take-rows';
import { tracks } from '../../db/schema';
import { listOwnTracks } from './tracks.service';

// Issue 48: GET /api/tracks without `limit` sends a journal whole only up to a bound; a bigger one
// gets its first page as the array and a Link header to the rest. Bounds made small here.
const wholeJournal = { maxTracks: 4, pageSize: 3 };

let t: TestApp;
let uncached: TestApp;
let alice: TestClient & { userId: string };
let bob: TestClient & { userId: string };

beforeAll(async () => {
  t = await buildTestApp({ wholeJournal });
  uncached = await buildTestApp({
    wholeJournal,
    sharedDatabase: t.database,
    config: { trackListCacheBytes: 0 },
  });
  alice = await t.signedInClient();
  bob = await t.signedInClient();
});
afterAll(async () => {
  await uncached.close();
  await t.close();
});
beforeEach(async () => {
  await t.db.delete(tracks);
});

async function addTracks(userId: string, count: number, from = 0) {
  for (let i = from; i < from + count; i++) {
    await t.db
      .insert(tracks)
      .values(
        takeRow(userId, i, { fileCreatedAt: i % 3 ? new Date(Date.UTC(2023, 0, 1 + ((i * 7) % 11))) : null }),
      );
  }
}

/** The next page's address from a Link header, or undefined. */
const nextOf = (link: string | string[] | undefined) =>
  /^<([^>]+)>; rel="next"$/.exec(String(link ?? ''))?.[1];

/** GET /api/tracks (with `query`) and every page its Link leads to, as a client would. */
async function readJournal(app: TestApp, client: TestClient, query = '') {
  const get = (url: string) =>
    app.app.inject({ method: 'GET', url, headers: { cookie: client.cookieHeader() } });
  const first = await get(`/api/tracks${query}`);
  expect(first.statusCode).toBe(200);
  const items = first.json<Track[]>();
  const pages = [items.length];
  let next = nextOf(first.headers.link);
  while (next) {
    const res = await get(next);
    expect(res.statusCode).toBe(200);
    const page = res.json<{ items: Track[]; nextCursor: string | null }>();
    items.push(...page.items);
    pages.push(page.items.length);
    next = page.nextCursor
      ? next.replace(/cursor=[^&]*/, `cursor=${encodeURIComponent(page.nextCursor)}`)
      : undefined;
    if (pages.length > 20) throw new Error('the pages do not end');
  }
  return { first, items, pages };
}

describe('GET /api/tracks without limit, a journal past the whole list’s bound', () => {
  it('sends a small journal whole, with its ETag and no Link', async () => {
    await addTracks(bob.userId, 4);
    for (const app of [t, uncached]) {
      const { first, items, pages } = await readJournal(app, bob);
      expect(first.headers.link).toBeUndefined();
      expect(items.map((x) => x.name)).toEqual(['Take 3', 'Take 2', 'Take 1', 'Take 0']);
      expect(pages).toEqual([4]);
    }
    expect((await bob.get('/api/tracks')).headers.etag).toBeTruthy();
  });

  for (const sort of TRACK_SORTS) {
    it(`sends a big journal’s first page and links the rest, every track once in the ${sort} order`, async () => {
      await addTracks(alice.userId, 11);
      await addTracks(bob.userId, 2);
      const expected = (await listOwnTracks(t.db, alice.userId, sort)).map((x) => x.id);
      for (const app of [t, uncached]) {
        const { first, items, pages } = await readJournal(app, alice, `?sort=${sort}`);
        expect(nextOf(first.headers.link)).toMatch(new RegExp(`^/api/tracks\\?sort=${sort}&limit=3&cursor=`));
        expect(first.headers.etag).toBeUndefined();
        expect(pages).toEqual([3, 3, 3, 2]);
        expect(items.map((x) => x.id)).toEqual(expected);
      }
    });
  }

  it('keeps a big journal’s first page, and after an edit reads only what changed (decision 0909)', async () => {
    // Someone new: only the page read here is held for them, and renewed after their edit.
    const carol = await t.signedInClient();
    await addTracks(carol.userId, 8);
    const before = await readJournal(t, carol);
    const edited = before.items[1]!;
    // Counted from before the write: the page held is renewed as its reply leaves (decision 0916).
    t.queries.length = 0;
    const res = await carol.patch(`/api/tracks/${edited.id}`, { notes: 'Take the bridge slower' });
    expect(res.statusCode).toBe(200);
    const first = await carol.get('/api/tracks');
    const queries = [...t.queries];
    // One read: the changes, with the count that says the journal is still past the bound.
    expect(queries.filter((q) => q.includes('journal_changed_tracks('))).toHaveLength(1);
    // No page read again nor counted (the edit's own statement writes the edited track alone, 0927).
    const pageOrCount = (q: string) =>
      (q.includes('cross join lateral') && !q.includes('"edited"')) || q.includes('count(*)');
    expect(queries.filter(pageOrCount)).toEqual([]);
    const fresh = await uncached.app.inject({
      method: 'GET',
      url: '/api/tracks',
      headers: { cookie: carol.cookieHeader() },
    });
    expect(first.body).toBe(fresh.body);
    expect(first.headers.link).toBe(fresh.headers.link);
    expect(first.json<Track[]>()[1]!.notes).toBe('Take the bridge slower');
  });

  it('sends a big journal’s first page compressed as Accept-Encoding allows, its Link with it (decision 0941)', async () => {
    await addTracks(alice.userId, 8);
    const plain = await alice.get('/api/tracks');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await alice.get('/api/tracks', { 'accept-encoding': 'br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(br.headers.link).toBe(plain.headers.link);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
  });

  it('turns to pages once a journal held whole grows past the bound', async () => {
    await addTracks(alice.userId, 4);
    const whole = await readJournal(t, alice);
    expect(whole.pages).toEqual([4]);
    await addTracks(alice.userId, 3, 4);
    const grown = await readJournal(t, alice);
    expect(grown.pages).toEqual([3, 3, 1]);
    expect(grown.items.map((x) => x.name)).toEqual([
      'Take 6',
      'Take 5',
      'Take 4',
      'Take 3',
      'Take 2',
      'Take 1',
      'Take 0',
    ]);
    // And back to one array once it is small again.
    await t.db.delete(tracks);
    await addTracks(alice.userId, 2);
    expect((await readJournal(t, alice)).pages).toEqual([2]);
  });
});
