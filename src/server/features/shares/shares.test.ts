import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHARE_EXPIRED_MESSAGE, SHARE_TOKEN_PATTERN, type ShareLink } from '../../../shared/schemas/shares';
import { buildTestApp, TEST_PUBLIC_URL, type TestApp, type TestClient } from '../../../test/build-test-app';
import { makeWav } from '../../../test/media-fixtures';
import { testDatabaseKind } from '../../../test/test-database';
import { playlistTracks, shareLinks, tracks } from '../../db/schema';
import { newShareToken } from './share-links.service';

let t: TestApp;
let owner: TestClient & { userId: string };
let stranger: TestClient & { userId: string };
let anon: TestClient;
let privateTrack: number;
let publicTrack: number;
let otherTrack: number;
let strangersTrack: number;
let playlistId: number;
const audio = makeWav(1);

async function upload(client: TestClient, name: string): Promise<number> {
  const res = await client.upload(
    '/api/tracks',
    { name },
    { field: 'audio', name: `${name}.wav`, type: 'audio/wav', data: audio },
  );
  expect(res.statusCode).toBe(201);
  return res.json().id;
}

beforeAll(async () => {
  t = await buildTestApp();
  owner = await t.signedInClient({ username: 'sharer', firstName: 'Ada', lastName: 'Lovelace' });
  stranger = await t.signedInClient();
  anon = t.client();
  privateTrack = await upload(owner, 'Private take');
  publicTrack = await upload(owner, 'Public take');
  otherTrack = await upload(owner, 'Unshared take');
  strangersTrack = await upload(stranger, 'Not theirs');
  expect((await owner.patch(`/api/tracks/${publicTrack}`, { visibility: 'public' })).statusCode).toBe(200);
  await owner.patch(`/api/tracks/${privateTrack}`, { notes: 'Recorded at night' });
  playlistId = (await owner.post('/api/playlists', { name: 'Demos', description: 'Rough' })).json().id;
  for (const trackId of [privateTrack, publicTrack]) {
    expect((await owner.post(`/api/playlists/${playlistId}/tracks`, { trackId })).statusCode).toBeLessThan(
      300,
    );
  }
  // Public first, then private: the link must follow the playlist's order, not the ids.
  const reorder = await owner.put(`/api/playlists/${playlistId}/reorder`, [
    { trackId: publicTrack, position: 0 },
    { trackId: privateTrack, position: 1 },
  ]);
  expect(reorder.statusCode).toBeLessThan(300);
  // Someone else's track in the playlist (no route puts it there): not the owner's to share.
  await t.db.insert(playlistTracks).values({ playlistId, trackId: strangersTrack, position: 2 });
}, 60_000);
afterAll(async () => t?.close());

let address = 0;
/** Each by-token call from its own address, so the per-address limit is met only where tested. */
const nextAddress = () => {
  address += 1;
  return `10.1.${address >> 8}.${address & 255}`;
};
const get = (url: string, headers: Record<string, string> = {}, client: TestClient = anon) =>
  client.request('GET', url, { headers, remoteAddress: nextAddress() });
const open = (token: string) => get(`/api/shares/by-token/${token}`);
const media = (token: string, trackId: number, what = 'stream', headers: Record<string, string> = {}) =>
  get(`/api/shares/by-token/${token}/tracks/${trackId}/${what}`, headers);

async function share(body: Record<string, unknown>) {
  const res = await owner.post('/api/shares', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as ShareLink;
}
const expire = (id: number) =>
  t.db
    .update(shareLinks)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(shareLinks.id, id));

describe(`share links on ${testDatabaseKind()}`, () => {
  it('the owner makes a link to a private track: 201 with url, expiry, download switch and visits', async () => {
    const expiresAt = new Date(Date.now() + 86_400_000).toISOString();
    const res = await owner.post('/api/shares', {
      trackId: privateTrack,
      expiresAt,
      allowDownload: true,
      description: '  For the band  ',
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      id: expect.any(Number),
      trackId: privateTrack,
      playlistId: null,
      itemName: 'Private take',
      expiresAt,
      expired: false,
      allowDownload: true,
      description: 'For the band',
      visits: 0,
    });
    expect(body.token).toMatch(SHARE_TOKEN_PATTERN);
    expect(body.url).toBe(`${TEST_PUBLIC_URL}/s/${body.token}`);
    const plain = await share({ playlistId });
    expect(plain).toMatchObject({ allowDownload: false, expiresAt: null, description: null });
  });

  it('tokens are 256 random bits, never the same twice', async () => {
    const tokens = new Set<string>();
    for (let i = 0; i < 5; i += 1) tokens.add((await share({ trackId: otherTrack })).token);
    expect(tokens.size).toBe(5);
    expect(Buffer.from([...tokens][0]!, 'base64url').length).toBe(32);
  });

  it('bad input is a 400, never a 500', async () => {
    const future = new Date(Date.now() + 60_000).toISOString();
    for (const body of [
      {},
      { trackId: privateTrack, playlistId },
      { trackId: 'one' },
      { trackId: 0 },
      { trackId: 2 ** 40 },
      { trackId: privateTrack, expiresAt: 'tomorrow' },
      { trackId: privateTrack, expiresAt: new Date(Date.now() - 60_000).toISOString() },
      { trackId: privateTrack, allowDownload: 'yes' },
      { trackId: privateTrack, description: 'x'.repeat(501) },
      { trackId: privateTrack, description: 'bell\u0007' },
      { trackId: privateTrack, expiresAt: future, colour: 'red' },
    ]) {
      const res = await owner.post('/api/shares', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json()).sort()).toEqual(['error', 'message', 'statusCode']);
    }
    const notJson = await owner.request('POST', '/api/shares', {
      body: '{"trackId":',
      headers: { 'content-type': 'application/json' },
    });
    expect(notJson.statusCode).toBe(400);
    for (const q of ['trackId=x', 'playlistId=-1', `trackId=${privateTrack}&playlistId=${playlistId}`]) {
      expect((await owner.get(`/api/shares?${q}`)).statusCode, q).toBe(400);
    }
    expect((await owner.delete('/api/shares/abc')).statusCode).toBe(400);
  });

  it("someone else cannot make, list or revoke links to the owner's things: 404, and nothing leaks", async () => {
    expect((await stranger.post('/api/shares', { trackId: privateTrack })).statusCode).toBe(404);
    expect((await stranger.post('/api/shares', { trackId: publicTrack })).statusCode).toBe(404);
    expect((await stranger.post('/api/shares', { playlistId })).statusCode).toBe(404);
    expect((await owner.post('/api/shares', { trackId: 2_000_000 })).statusCode).toBe(404);
    const link = await share({ trackId: privateTrack });
    const theirs = await stranger.get('/api/shares');
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json()).toEqual([]);
    expect((await stranger.get(`/api/shares?trackId=${privateTrack}`)).json()).toEqual([]);
    expect((await stranger.delete(`/api/shares/${link.id}`)).statusCode).toBe(404);
    expect((await open(link.token)).statusCode).toBe(200);
  });

  it('signed out: no making or listing (401); every change needs the CSRF header (403)', async () => {
    expect((await anon.post('/api/shares', { trackId: privateTrack })).statusCode).toBe(401);
    expect((await anon.get('/api/shares')).statusCode).toBe(401);
    const link = await share({ trackId: privateTrack });
    expect((await anon.delete(`/api/shares/${link.id}`)).statusCode).toBe(401);
    const noCsrf = await owner.request('POST', '/api/shares', {
      body: { trackId: privateTrack },
      csrf: false,
    });
    expect(noCsrf.statusCode).toBe(403);
    const del = await owner.request('DELETE', `/api/shares/${link.id}`, { csrf: false });
    expect(del.statusCode).toBe(403);
    expect((await open(link.token)).statusCode).toBe(200);
  });

  describe('visibility × link state', () => {
    const cases = [
      ['private', () => privateTrack],
      ['public', () => publicTrack],
    ] as const;
    for (const [visibility, trackOf] of cases) {
      it(`${visibility} track: live 200, expired 410, revoked 404, unknown 404 (page and stream)`, async () => {
        const trackId = trackOf();
        const live = await share({ trackId });
        expect((await open(live.token)).statusCode).toBe(200);
        expect((await media(live.token, trackId)).statusCode).toBe(200);

        const expired = await share({ trackId });
        await expire(expired.id);
        for (const res of [await open(expired.token), await media(expired.token, trackId)]) {
          expect(res.statusCode).toBe(410);
          expect(res.json()).toEqual({ statusCode: 410, error: 'Gone', message: SHARE_EXPIRED_MESSAGE });
        }

        const revoked = await share({ trackId });
        const del = await owner.delete(`/api/shares/${revoked.id}`);
        expect(del.statusCode).toBe(204);
        expect(del.body).toBe('');
        expect((await open(revoked.token)).statusCode).toBe(404);
        expect((await media(revoked.token, trackId)).statusCode).toBe(404);
        expect((await owner.delete(`/api/shares/${revoked.id}`)).statusCode).toBe(404);

        const unknown = newShareToken();
        expect((await open(unknown)).statusCode).toBe(404);
        expect((await media(unknown, trackId)).statusCode).toBe(404);
        for (const junk of ['x', 'a'.repeat(100), '%F0%9F%8E%B5', `${live.token}x`, live.token.slice(1)]) {
          expect((await open(junk)).statusCode, junk).toBe(404);
          expect((await media(junk, trackId)).statusCode, junk).toBe(404);
        }
        // Without the token, the private track stays closed to a signed-out visitor.
        const direct = (await get(`/api/tracks/${trackId}/stream`)).statusCode;
        expect(direct).toBe(visibility === 'public' ? 200 : 404);
      });
    }
  });

  it('a track link opens exactly its track: the page shows no private data, other ids are 404', async () => {
    const link = await share({ trackId: privateTrack });
    const res = await open(link.token);
    expect(res.statusCode).toBe(200);
    const base = `/api/shares/by-token/${link.token}/tracks/${privateTrack}`;
    expect(res.json()).toEqual({
      type: 'track',
      description: null,
      expiresAt: null,
      allowDownload: false,
      allowVersions: false,
      owner: { displayName: 'Ada Lovelace', username: 'sharer', avatarUrl: null },
      track: {
        id: privateTrack,
        name: 'Private take',
        notes: 'Recorded at night',
        duration: expect.any(Number),
        playable: true,
        streamUrl: `${base}/stream`,
        peaksUrl: null,
        downloadUrl: null,
        versionsUrl: null,
        loudnessLufs: null,
        truePeakDb: null,
      },
    });
    expect(res.body).not.toMatch(/email|filename|filepath|userId|equipment|comment/i);
    for (const other of [publicTrack, otherTrack, strangersTrack, 2_000_000]) {
      expect((await media(link.token, other)).statusCode, String(other)).toBe(404);
      expect((await media(link.token, other, 'waveform')).statusCode, String(other)).toBe(404);
    }
    // No route under the token leads to comments or anything else.
    expect((await get(`${base}/comments`)).statusCode).toBe(404);
    expect((await get(`/api/shares/by-token/${link.token}/comments`)).statusCode).toBe(404);
  });

  it('streams through the token as the normal stream does: Range answered 206, uncached', async () => {
    const link = await share({ trackId: privateTrack });
    const whole = await media(link.token, privateTrack);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('audio/wav');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.headers['cache-control']).toBe('private, no-cache');
    expect(whole.rawPayload.equals(audio)).toBe(true);
    const part = await media(link.token, privateTrack, 'stream', { range: 'bytes=100-199' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${audio.length}`);
    expect(part.rawPayload.equals(audio.subarray(100, 200))).toBe(true);
    const beyond = await media(link.token, privateTrack, 'stream', { range: `bytes=${audio.length}-` });
    expect(beyond.statusCode).toBe(416);
  });

  it("a playlist link plays the owner's tracks of the playlist, in its order, and nothing else", async () => {
    const link = await share({ playlistId, description: 'Listen' });
    const res = await open(link.token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      type: 'playlist',
      description: 'Listen',
      playlist: { name: 'Demos', description: 'Rough', imageUrl: null },
    });
    expect(body.playlist.tracks.map((x: { id: number }) => x.id)).toEqual([publicTrack, privateTrack]);
    for (const track of body.playlist.tracks) {
      expect(track.streamUrl).toBe(`/api/shares/by-token/${link.token}/tracks/${track.id}/stream`);
      expect((await get(track.streamUrl, { range: 'bytes=0-9' })).statusCode).toBe(206);
    }
    // The stranger's track in the playlist, a track of the owner outside it: not opened.
    expect((await media(link.token, strangersTrack)).statusCode).toBe(404);
    expect((await media(link.token, otherTrack)).statusCode).toBe(404);
    // Taken out of the playlist, a track is no longer reachable through the link.
    await owner.delete(`/api/playlists/${playlistId}/tracks/${privateTrack}`);
    expect((await media(link.token, privateTrack)).statusCode).toBe(404);
    expect((await open(link.token)).json().playlist.tracks.map((x: { id: number }) => x.id)).toEqual([
      publicTrack,
    ]);
    await owner.post(`/api/playlists/${playlistId}/tracks`, { trackId: privateTrack });
    await expire(link.id);
    expect((await media(link.token, publicTrack)).statusCode).toBe(410);
  });

  it('the original downloads only when the link allows it', async () => {
    const closed = await share({ trackId: privateTrack });
    const refused = await media(closed.token, privateTrack, 'original');
    expect(refused.statusCode).toBe(403);
    const openLink = await share({ trackId: privateTrack, allowDownload: true });
    const page = (await open(openLink.token)).json();
    expect(page.track.downloadUrl).toBe(
      `/api/shares/by-token/${openLink.token}/tracks/${privateTrack}/original`,
    );
    const file = await get(page.track.downloadUrl);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toMatch(/^attachment;/);
    expect(file.rawPayload.equals(audio)).toBe(true);
    expect((await media(openLink.token, otherTrack, 'original')).statusCode).toBe(404);
    await expire(openLink.id);
    expect((await media(openLink.token, privateTrack, 'original')).statusCode).toBe(410);
  });

  it('waveform peaks through the token: 409 until processed, then the stored peaks', async () => {
    const link = await share({ trackId: otherTrack });
    expect((await media(link.token, otherTrack, 'waveform')).statusCode).toBe(409);
    const peaks = { duration: 1, peaks: [-0.5, 0.5] };
    const key = 'tracks/share-test-peaks.json';
    mkdirSync(path.join(t.dataDir, 'files', 'tracks'), { recursive: true });
    writeFileSync(path.join(t.dataDir, 'files', key), JSON.stringify(peaks));
    await t.db
      .update(tracks)
      .set({ processingState: 'ready', peaksKey: key })
      .where(eq(tracks.id, otherTrack));
    expect((await open(link.token)).json().track.peaksUrl).toBe(
      `/api/shares/by-token/${link.token}/tracks/${otherTrack}/waveform`,
    );
    const res = await media(link.token, otherTrack, 'waveform');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(peaks);
  });

  it('opening counts a visit; streaming does not; the owner lists links with their visits', async () => {
    const link = await share({ playlistId });
    await open(link.token);
    await open(link.token);
    await media(link.token, publicTrack);
    const mine = await owner.get(`/api/shares?playlistId=${playlistId}`);
    expect(mine.statusCode).toBe(200);
    const listed = mine.json().find((l: { id: number }) => l.id === link.id);
    expect(listed).toMatchObject({ visits: 2, itemName: 'Demos', url: link.url });
    expect(mine.json().every((l: { playlistId: number }) => l.playlistId === playlistId)).toBe(true);
    const byTrack = (await owner.get(`/api/shares?trackId=${privateTrack}`)).json();
    expect(byTrack.length).toBeGreaterThan(0);
    expect(byTrack.every((l: { trackId: number }) => l.trackId === privateTrack)).toBe(true);
    const all = (await owner.get('/api/shares')).json();
    expect(all.length).toBeGreaterThan(byTrack.length);
    const dates = all.map((l: { createdAt: string }) => l.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it('an expired link is listed as expired; deleting the track takes its links', async () => {
    const doomed = await upload(owner, 'Doomed');
    const link = await share({ trackId: doomed });
    await expire(link.id);
    const listed = (await owner.get(`/api/shares?trackId=${doomed}`)).json();
    expect(listed).toEqual([expect.objectContaining({ id: link.id, expired: true })]);
    expect((await owner.delete(`/api/tracks/${doomed}`)).statusCode).toBeLessThan(300);
    expect((await owner.get(`/api/shares?trackId=${doomed}`)).json()).toEqual([]);
    expect((await open(link.token)).statusCode).toBe(404);
  });

  it('the table holds exactly one item per link, and one row per token', async () => {
    const row = { userId: owner.userId, token: newShareToken() };
    await expect(t.db.insert(shareLinks).values(row)).rejects.toThrow();
    await expect(
      t.db.insert(shareLinks).values({ ...row, trackId: privateTrack, playlistId }),
    ).rejects.toThrow();
    const link = await share({ trackId: privateTrack });
    await expect(
      t.db.insert(shareLinks).values({ ...row, token: link.token, trackId: privateTrack }),
    ).rejects.toThrow();
  });

  it('opening links is limited per address (60 a minute), signed in or not', async () => {
    const link = await share({ trackId: publicTrack });
    const from = '10.200.0.1';
    const at = (client: TestClient) =>
      client.request('GET', `/api/shares/by-token/${link.token}`, { remoteAddress: from });
    for (let i = 0; i < 30; i += 1) expect((await at(anon)).statusCode).toBe(200);
    for (let i = 0; i < 30; i += 1) expect((await at(stranger)).statusCode).toBe(200);
    const refused = await at(owner);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    // Unknown tokens count the same: guessing is what the limit is for.
    expect(
      (await anon.request('GET', `/api/shares/by-token/${newShareToken()}`, { remoteAddress: from }))
        .statusCode,
    ).toBe(429);
    expect((await open(link.token)).statusCode).toBe(200);
  });
});
