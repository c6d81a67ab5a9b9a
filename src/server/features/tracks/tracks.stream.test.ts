import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { makeWav } from '../../../test/media-fixtures';
import {
  collectiveMembers,
  collectives,
  playlistCollectiveShares,
  playlists,
  playlistTracks,
  tracks,
  users,
} from '../../db/schema';

let t: TestApp;
let owner: TestClient & { userId: string };
let stranger: TestClient & { userId: string };
let member: TestClient & { userId: string };
let trackId: number;
const audio = makeWav(2);
const size = audio.length;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await t.signedInClient();
  stranger = await t.signedInClient();
  member = await t.signedInClient();
  const res = await owner.upload(
    '/api/tracks',
    { name: 'Take' },
    { field: 'audio', name: 'take.wav', type: 'audio/wav', data: audio },
  );
  trackId = res.json().id;
});
afterAll(async () => t.close());

const stream = (client: TestClient, headers: Record<string, string> = {}) =>
  client.get(`/api/tracks/${trackId}/stream`, headers);

describe('GET /api/tracks/{id}/stream: ranges and caching', () => {
  it('sends the whole file with its type, length, ETag and Last-Modified', async () => {
    const res = await stream(owner);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('audio/wav');
    expect(Number(res.headers['content-length'])).toBe(size);
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers.etag).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
    expect(res.headers['last-modified']).toBeTruthy();
    expect(res.rawPayload.equals(audio)).toBe(true);
  });

  it('the first byte', async () => {
    const res = await stream(owner, { range: 'bytes=0-0' });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes 0-0/${size}`);
    expect(res.rawPayload.equals(audio.subarray(0, 1))).toBe(true);
  });

  it('the last byte', async () => {
    const res = await stream(owner, { range: `bytes=${size - 1}-` });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes ${size - 1}-${size - 1}/${size}`);
    expect(res.rawPayload.equals(audio.subarray(size - 1))).toBe(true);
  });

  it('a middle slice, with the right length', async () => {
    const res = await stream(owner, { range: 'bytes=100-1099' });
    expect(res.statusCode).toBe(206);
    expect(Number(res.headers['content-length'])).toBe(1000);
    expect(res.rawPayload.equals(audio.subarray(100, 1100))).toBe(true);
  });

  it('a suffix range: the last 500 bytes', async () => {
    const res = await stream(owner, { range: 'bytes=-500' });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes ${size - 500}-${size - 1}/${size}`);
    expect(res.rawPayload.equals(audio.subarray(size - 500))).toBe(true);
  });

  it('an end past the file is clamped to the last byte', async () => {
    const res = await stream(owner, { range: `bytes=10-${size + 5000}` });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes 10-${size - 1}/${size}`);
  });

  it('a start past the end is 416 with the size in Content-Range', async () => {
    const res = await stream(owner, { range: `bytes=${size}-` });
    expect(res.statusCode).toBe(416);
    expect(res.headers['content-range']).toBe(`bytes */${size}`);
  });

  it('a suffix longer than the file is the whole file, as a 206 (RFC 9110), not a 416', async () => {
    for (const n of [size, size + 1, size * 10]) {
      const res = await stream(owner, { range: `bytes=-${n}` });
      expect(res.statusCode, `bytes=-${n}`).toBe(206);
      expect(res.headers['content-range']).toBe(`bytes 0-${size - 1}/${size}`);
      expect(res.rawPayload.equals(audio)).toBe(true);
    }
    // An empty suffix asks for nothing: unsatisfiable.
    expect((await stream(owner, { range: 'bytes=-0' })).statusCode).toBe(416);
  });

  it('several ranges get the whole file (decision 0012), unless none of them is satisfiable', async () => {
    for (const range of [
      'bytes=0-9,20-29',
      'bytes=0-1,2-3',
      `bytes=0-9,${size + 10}-`,
      `bytes=-${size + 1},0-0`,
    ]) {
      const res = await stream(owner, { range });
      expect(res.statusCode, range).toBe(200);
      expect(res.headers['content-range'], range).toBeUndefined();
      expect(res.rawPayload.equals(audio), range).toBe(true);
    }
    const none = await stream(owner, { range: `bytes=${size}-,${size + 5}-` });
    expect(none.statusCode).toBe(416);
    expect(none.headers['content-range']).toBe(`bytes */${size}`);
  });

  it('a malformed range gets the whole file', async () => {
    const res = await stream(owner, { range: 'bytes=banana' });
    expect(res.statusCode).toBe(200);
    expect(Number(res.headers['content-length'])).toBe(size);
  });

  it('304 for a matching ETag; a stale If-Range gets the whole file', async () => {
    const etag = (await stream(owner)).headers.etag as string;
    expect((await stream(owner, { 'if-none-match': etag })).statusCode).toBe(304);
    const stale = await stream(owner, { range: 'bytes=0-9', 'if-range': '"stale"' });
    expect(stale.statusCode).toBe(200);
    const fresh = await stream(owner, { range: 'bytes=0-9', 'if-range': etag });
    expect(fresh.statusCode).toBe(206);
  });
});

describe('GET /api/tracks/{id}/stream: who may listen (decision 0012)', () => {
  it('the owner may; a stranger and a signed-out visitor get 404', async () => {
    expect((await stream(owner)).statusCode).toBe(200);
    expect((await stream(stranger)).statusCode).toBe(404);
    expect((await stream(t.client())).statusCode).toBe(404);
    expect((await t.client().get('/api/tracks/999999/stream')).statusCode).toBe(404);
  });

  it('a member of a collective into which a playlist holding the track is shared may', async () => {
    const [collective] = await t.db
      .insert(collectives)
      .values({ name: 'Crew', ownerId: owner.userId })
      .returning();
    await t.db.insert(collectiveMembers).values([
      { collectiveId: collective!.id, userId: owner.userId, role: 'owner' },
      { collectiveId: collective!.id, userId: member.userId },
    ]);
    const [playlist] = await t.db.insert(playlists).values({ userId: owner.userId, name: 'Set' }).returning();
    await t.db.insert(playlistTracks).values({ playlistId: playlist!.id, trackId, position: 0 });
    // In the playlist but not yet shared: still private.
    expect((await stream(member)).statusCode).toBe(404);
    await t.db
      .insert(playlistCollectiveShares)
      .values({ playlistId: playlist!.id, collectiveId: collective!.id, sharedByUserId: owner.userId });
    expect((await stream(member)).statusCode).toBe(200);
    expect((await member.get(`/api/tracks/${trackId}/equipment`)).statusCode).toBe(200);
    expect((await stream(stranger)).statusCode).toBe(404);
    await t.db.delete(playlistCollectiveShares);
    expect((await stream(member)).statusCode).toBe(404);
  });

  it('anyone may when the track is public, signed out included; the profile does not decide', async () => {
    // A public profile alone no longer opens a private track (decision 0140).
    await t.db.update(users).set({ isPublic: true }).where(eq(users.id, owner.userId));
    expect((await stream(stranger)).statusCode).toBe(404);
    expect((await stream(t.client())).statusCode).toBe(404);
    await t.db.update(users).set({ isPublic: false }).where(eq(users.id, owner.userId));
    await t.db.update(tracks).set({ visibility: 'public' }).where(eq(tracks.id, trackId));
    expect((await stream(stranger)).statusCode).toBe(200);
    expect((await stream(t.client(), { range: 'bytes=0-3' })).statusCode).toBe(206);
    await t.db.update(tracks).set({ visibility: 'private' }).where(eq(tracks.id, trackId));
    expect((await stream(t.client())).statusCode).toBe(404);
  });
});
