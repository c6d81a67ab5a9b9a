import zlib, { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { TRACK_SORTS, type Track, type TrackSort } from '../../../shared/schemas/tracks';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { makeWav } from '../../../test/media-fixtures';
import { takeRow } from '../../../test/take-rows';
import { tracks } from '../../db/schema';
import { ownTracksPageJson } from './track-list.page';

// Decision 0909: a journal's unfiltered first page (GET /api/tracks?limit=N) is kept per journal
// revision and, after a change, patched from the tracks that changed: one read, the changes with
// the count, where it was the page's rows and the count again.

type Client = TestClient & { userId: string };
let t: TestApp;
let alice: Client;
const LIMIT = 3;

beforeAll(async () => {
  t = await buildTestApp();
  alice = await t.signedInClient();
});
afterAll(async () => t.close());
beforeEach(async () => {
  await t.db.delete(tracks);
  for (let i = 0; i < 7; i++) {
    await t.db.insert(tracks).values(
      takeRow(alice.userId, i, {
        fileCreatedAt: i % 3 ? new Date(Date.UTC(2023, 0, 1 + ((i * 5) % 7))) : null,
        bpm: i % 2 ? 90 + i : null,
      }),
    );
  }
});

/**
 * The track list rows of a page: its query, not the changes' (which write the rows of a few) nor an
 * edit's (which writes the edited track's, decision 0927).
 */
const pageRowsQuery = (q: string) =>
  q.includes('cross join lateral') && !q.includes('journal_changed_tracks(') && !q.includes('"edited"');
const changesQuery = (q: string) => q.includes('journal_changed_tracks(');

/**
 * The first page as served now, the queries the app ran (since this call, or with `counting` since
 * t.queries was last emptied), and the proof it is what a fresh read gives (whose queries are left
 * out of t.queries).
 */
async function firstPage(sort: TrackSort, { counting = false } = {}) {
  if (!counting) t.queries.length = 0;
  const res = await alice.get(`/api/tracks?limit=${LIMIT}&sort=${sort}`);
  expect(res.statusCode).toBe(200);
  const queries = [...t.queries];
  expect(res.body, sort).toBe(await ownTracksPageJson(t.db, alice.userId, sort, LIMIT, undefined));
  t.queries.splice(0, t.queries.length, ...queries);
  return { page: res.json<{ items: Track[]; all: number; nextCursor: string | null }>(), queries };
}

describe('the first page after a change (decision 0909)', () => {
  it('reads only what changed after an edit and an upload, the page again after a deletion, in every sort', async () => {
    for (const sort of TRACK_SORTS) {
      const { queries } = await firstPage(sort);
      expect(queries.some(pageRowsQuery), `${sort}: first read`).toBe(true);
      const again = await firstPage(sort);
      expect(
        again.queries.filter((q) => pageRowsQuery(q) || changesQuery(q)),
        `${sort}: held`,
      ).toEqual([]);
    }
    const { page } = await firstPage('dateUploaded');
    const [newest, second] = page.items;
    const changes: [string, () => Promise<unknown>][] = [
      ['edit', () => alice.patch(`/api/tracks/${second!.id}`, { notes: 'Louder chorus', bpm: 140 })],
      [
        'upload',
        () =>
          alice.upload(
            '/api/tracks',
            { name: 'Fresh' },
            { field: 'audio', name: 'fresh.wav', type: 'audio/wav', data: makeWav(1) },
          ),
      ],
      ['delete', () => alice.delete(`/api/tracks/${newest!.id}`)],
    ];
    for (const [what, makeChange] of changes) {
      // Counted from before the write: the pages held are renewed as its reply leaves (decision
      // 0916), and each page asked for after it shares that read.
      t.queries.length = 0;
      const res = (await makeChange()) as { statusCode: number };
      expect(res.statusCode, what).toBeLessThan(300);
      for (const sort of TRACK_SORTS) await firstPage(sort, { counting: true });
      // One read of the changes per sort held; a deletion may have taken a track of a page: each
      // page read again (the count with it).
      expect(t.queries.filter(changesQuery), what).toHaveLength(TRACK_SORTS.length);
      expect(t.queries.filter(pageRowsQuery), what).toHaveLength(what === 'delete' ? TRACK_SORTS.length : 0);
    }
    const { page: last } = await firstPage('dateUploaded');
    expect(last.all).toBe(7);
    expect(last.items.map((x) => x.name)).toEqual(['Fresh', 'Take 5', 'Take 4']);
    expect(last.items.find((x) => x.name === 'Take 5')?.notes).toBe('Louder chorus');
  });

  it('sends the page compressed as Accept-Encoding allows, and as it is when refused (decision 0941)', async () => {
    const url = '/api/tracks?limit=7';
    const plain = await alice.get(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding');
    // Compressed once for the revision, not by @fastify/compress's stream for each request.
    const streamed = vi.spyOn(zlib, 'createBrotliCompress');
    const br = await alice.get(url, { 'accept-encoding': 'br, gzip' });
    const brAgain = await alice.get(url, { 'accept-encoding': 'br' });
    streamed.mockRestore();
    expect(streamed).not.toHaveBeenCalled();
    expect(brAgain.rawPayload.equals(br.rawPayload)).toBe(true);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gzipped = await alice.get(url, { 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(plain.body);
    for (const refused of <Record<string, string>[]>[
      { 'accept-encoding': 'identity' },
      { 'accept-encoding': 'br', 'x-no-compression': '1' },
    ]) {
      const asIs = await alice.get(url, refused);
      expect(asIs.headers['content-encoding']).toBeUndefined();
      expect(asIs.body).toBe(plain.body);
    }
    // After a change, the new page is compressed, not the one kept before.
    const [first] = (await alice.get(url)).json<{ items: Track[] }>().items;
    expect((await alice.patch(`/api/tracks/${first!.id}`, { notes: 'Squeezed anew' })).statusCode).toBe(200);
    const after = await alice.get(url, { 'accept-encoding': 'br' });
    expect(brotliDecompressSync(after.rawPayload).toString()).toContain('Squeezed anew');
    expect(brotliDecompressSync(after.rawPayload).toString()).toBe(
      await ownTracksPageJson(t.db, alice.userId, 'dateUploaded', 7, undefined),
    );
  });

  it('is kept per size: another limit is its own page', async () => {
    await firstPage('dateUploaded');
    t.queries.length = 0;
    const res = await alice.get('/api/tracks?limit=5');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(await ownTracksPageJson(t.db, alice.userId, 'dateUploaded', 5, undefined));
    expect(res.json<{ items: Track[] }>().items).toHaveLength(5);
  });
});
