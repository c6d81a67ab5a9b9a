import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { hasFfmpeg, makeEncodedTone, makeWav } from '../../../test/media-fixtures';
import { tracks } from '../../db/schema';

// Decision 0066: access to a track's bytes is decided once per viewer and track, then reused for
// ACCESS_CACHE_SECONDS; any change made through the API withdraws it at once.
let t: TestApp;
let owner: TestClient & { userId: string };
const audio = makeWav(2);

beforeAll(async () => {
  t = await buildTestApp({ config: { accessCacheSeconds: 60 } });
  owner = await t.signedInClient();
  expect((await owner.patch('/api/user/privacy', { isPublic: true })).statusCode).toBe(200);
});
afterAll(async () => t.close());

/** A track of the owner's, public (open by link signed out, decision 0140) unless said otherwise. */
async function upload(name = 'Take', visibility: 'public' | 'private' = 'public'): Promise<number> {
  const res = await owner.upload(
    '/api/tracks',
    { name },
    { field: 'audio', name: 'take.wav', type: 'audio/wav', data: audio },
  );
  expect(res.statusCode).toBe(201);
  const id: number = res.json().id;
  if (visibility === 'public') await setVisibility(id, 'public');
  return id;
}

async function setVisibility(id: number, visibility: 'public' | 'private') {
  expect((await owner.patch(`/api/tracks/${id}`, { visibility })).json()).toMatchObject({ visibility });
}

const range = (client: TestClient, id: number, from: number, to: number) =>
  client.get(`/api/tracks/${id}/stream`, { range: `bytes=${from}-${to}` });

/** The SQL one request ran. */
async function queriesOf(run: () => Promise<{ statusCode: number }>, status: number) {
  t.queries.length = 0;
  const res = await run();
  expect(res.statusCode).toBe(status);
  return [...t.queries];
}

describe('Range requests after the first', () => {
  it('a signed-out listener: the first asks the database once, the next ones not at all', async () => {
    const id = await upload();
    const listener = t.client();
    const first = await queriesOf(() => range(listener, id, 0, 99), 206);
    expect(first).toHaveLength(1);
    expect(first[0]).toMatch(/from "tracks"/);
    const second = await queriesOf(() => range(listener, id, 100, 199), 206);
    expect(second).toEqual([]);
    const res = await range(listener, id, 1000, 1999);
    expect(res.rawPayload.equals(audio.subarray(1000, 2000))).toBe(true);
  });

  it('a signed-in listener: no session, user or track query on the second request', async () => {
    const id = await upload();
    const listener = await t.signedInClient();
    await queriesOf(() => listener.get('/api/auth/user'), 200);
    await queriesOf(() => range(listener, id, 0, 99), 206);
    expect(await queriesOf(() => range(listener, id, 100, 199), 206)).toEqual([]);
    expect(await queriesOf(() => listener.get('/api/auth/user'), 200)).toEqual([]);
  });

  it('GET /original is reused the same way', async () => {
    const id = await upload();
    const listener = t.client();
    await queriesOf(() => listener.get(`/api/tracks/${id}/original`, { range: 'bytes=0-9' }), 206);
    expect(
      await queriesOf(() => listener.get(`/api/tracks/${id}/original`, { range: 'bytes=10-19' }), 206),
    ).toEqual([]);
  });

  it('a refusal is not kept: the track made listenable is heard on the next request', async () => {
    const id = await upload('Take', 'private');
    const listener = t.client();
    expect((await range(listener, id, 0, 9)).statusCode).toBe(404);
    await setVisibility(id, 'public');
    expect((await range(listener, id, 0, 9)).statusCode).toBe(206);
  });
});

describe.skipIf(!hasFfmpeg)('while nothing is playable yet', () => {
  it('a 409 is never reused, even after /original kept the row: the rendition plays once ready', async () => {
    // AIFF: not playable in every browser, so /stream waits for the rendition (decision 0041).
    const res = await owner.upload(
      '/api/tracks',
      { name: 'Aiff' },
      { field: 'audio', name: 'take.aiff', type: 'audio/aiff', data: makeEncodedTone('aiff') },
    );
    expect(res.statusCode).toBe(201);
    const id: number = res.json().id;
    await setVisibility(id, 'public');
    const listener = t.client();
    expect((await listener.get(`/api/tracks/${id}/stream`)).statusCode).toBe(409);
    expect((await listener.get(`/api/tracks/${id}/original`)).statusCode).toBe(200);
    // What the processing job does (it bumps nothing): a rendition appears.
    const [row] = await t.db.select().from(tracks).where(eq(tracks.id, id));
    await t.db
      .update(tracks)
      .set({ processingState: 'ready', renditionKey: row!.filepath, renditionMimeType: 'audio/mp4' })
      .where(eq(tracks.id, id));
    const played = await listener.get(`/api/tracks/${id}/stream`);
    expect(played.statusCode).toBe(200);
    expect(played.headers['content-type']).toBe('audio/mp4');
  });
});

describe('withdrawn at once when permissions change through the API', () => {
  it('a deleted track answers 404 on the next Range request', async () => {
    const id = await upload();
    const listener = t.client();
    expect((await range(listener, id, 0, 9)).statusCode).toBe(206);
    expect((await range(listener, id, 10, 19)).statusCode).toBe(206);
    expect((await owner.delete(`/api/tracks/${id}`)).statusCode).toBe(200);
    expect((await range(listener, id, 20, 29)).statusCode).toBe(404);
  });

  it('a track made private (decision 0140): 404 for a signed-out listener on the next request', async () => {
    const id = await upload();
    const listener = t.client();
    expect((await range(listener, id, 0, 9)).statusCode).toBe(206);
    expect((await range(listener, id, 10, 19)).statusCode).toBe(206);
    await setVisibility(id, 'private');
    expect((await range(listener, id, 20, 29)).statusCode).toBe(404);
    expect((await listener.get(`/api/tracks/${id}/original`, { range: 'bytes=0-9' })).statusCode).toBe(404);
    expect((await listener.get(`/api/tracks/${id}`)).statusCode).toBe(404);
  });

  it('signed out: the owner of a private track loses access with the session', async () => {
    const id = await upload('Take', 'private');
    const again = await t.signedInAs(owner.userId);
    expect((await range(again, id, 0, 9)).statusCode).toBe(206);
    expect((await range(again, id, 10, 19)).statusCode).toBe(206);
    expect((await again.post('/api/auth/logout')).statusCode).toBe(200);
    expect((await range(again, id, 20, 29)).statusCode).toBe(404);
    // The dropped cookie replayed: the session is gone from the cache too.
    const replay = t.client();
    replay.cookies.set('journal.sid', [...again.cookies.values()][0] ?? '');
    expect((await range(replay, id, 20, 29)).statusCode).toBe(404);
  });
});

describe('changes the API did not make (SQL, another instance)', () => {
  it('are seen once the cache time has passed, and not later', async () => {
    const short = await buildTestApp({ config: { accessCacheSeconds: 1 } });
    try {
      const author = await short.signedInClient({ isPublic: true });
      const res = await author.upload(
        '/api/tracks',
        { name: 'Take' },
        { field: 'audio', name: 'take.wav', type: 'audio/wav', data: audio },
      );
      const id = res.json().id;
      expect((await author.patch(`/api/tracks/${id}`, { visibility: 'public' })).statusCode).toBe(200);
      const listener = short.client();
      expect((await range(listener, id, 0, 9)).statusCode).toBe(206);
      await short.db.update(tracks).set({ visibility: 'private' }).where(eq(tracks.id, id));
      // Within the bound the earlier answer may still be used...
      expect((await range(listener, id, 10, 19)).statusCode).toBe(206);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      // ...past it, never.
      expect((await range(listener, id, 20, 29)).statusCode).toBe(404);
    } finally {
      await short.close();
    }
  });
});
