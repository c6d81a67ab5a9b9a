import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SHARE_EXPIRED_MESSAGE,
  SHARE_VERSIONS_TRACK_ONLY_MESSAGE,
  type ShareLink,
} from '../../../shared/schemas/shares';
import type { TrackVersion } from '../../../shared/schemas/track-versions';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { testDatabaseKind } from '../../../test/test-database';
import {
  makeThreeTakes,
  makeVersionReady,
  setVersionColumns,
  testPeaks,
  uploadTrackWithVersions,
  versionAudio,
} from '../../../test/version-takes';
import { shareLinks } from '../../db/schema';

// Share links that allow versions (issue 43, decision 0623): a track's link opens its versions'
// list, streams and waveforms through the token, signed out; nothing else does. The version
// processing is another part's: its results are set in the database by hand (test/version-takes.ts).
let t: TestApp;
let owner: TestClient & { userId: string };
let anon: TestClient;
let trackId: number; // private, three versions: v1 ready with a rendition, v2 pending, v3 current
let otherTrack: number; // the owner's too, with versions of its own
let playlistId: number;
let v1Rendition: Buffer;

let address = 0;
/** Each by-token call from its own address, so the per-address limit is never what answers. */
const get = (url: string, headers: Record<string, string> = {}) => {
  address += 1;
  return anon.request('GET', url, { headers, remoteAddress: `10.43.${address >> 8}.${address & 255}` });
};
const base = (token: string, id = trackId) => `/api/shares/by-token/${token}/tracks/${id}/versions`;
/** The list, v1's stream and waveform, and the current version's stream, through `token`. */
const reads = (token: string, id = trackId) =>
  Promise.all([
    get(base(token, id)),
    get(`${base(token, id)}/1/stream`, { range: 'bytes=0-9' }),
    get(`${base(token, id)}/1/waveform`),
    get(`${base(token, id)}/3/stream`),
  ]);
const codes = async (token: string, id = trackId) => (await reads(token, id)).map((r) => r.statusCode);

async function share(body: Record<string, unknown>) {
  const res = await owner.post('/api/shares', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ShareLink>();
}

beforeAll(async () => {
  t = await buildTestApp();
  owner = await t.signedInClient({ username: 'sharer' });
  anon = t.client();
  trackId = await uploadTrackWithVersions(owner, 3);
  otherTrack = await uploadTrackWithVersions(owner, 3, 'Other');
  v1Rendition = await makeThreeTakes(t, trackId);
  // Version 2 stands for an original browsers do not all play, still waiting for its rendition.
  await setVersionColumns(t, trackId, 2, { originalPlayable: false });
  await makeVersionReady(t, otherTrack, 1, {
    loudnessLufs: -20,
    truePeakDb: -3,
    alignSeconds: 0,
    audioStartSeconds: 0,
  });
  playlistId = (await owner.post('/api/playlists', { name: 'Demos' })).json().id;
  await owner.post(`/api/playlists/${playlistId}/tracks`, { trackId });
}, 60_000);
afterAll(async () => t?.close());

describe(`share links that allow versions, on ${testDatabaseKind()}`, () => {
  it("the owner makes one for a track; their list shows it; a playlist's link refuses it (400)", async () => {
    const link = await share({ trackId, allowVersions: true });
    expect(link.allowVersions).toBe(true);
    expect((await share({ trackId })).allowVersions).toBe(false);
    const mine = (await owner.get(`/api/shares?trackId=${trackId}`)).json<ShareLink[]>();
    expect(mine.find((l) => l.id === link.id)?.allowVersions).toBe(true);
    const refused = await owner.post('/api/shares', { playlistId, allowVersions: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain(SHARE_VERSIONS_TRACK_ONLY_MESSAGE);
    expect((await share({ playlistId, allowVersions: false })).allowVersions).toBe(false);
    expect((await owner.post('/api/shares', { trackId, allowVersions: 'yes' })).statusCode).toBe(400);
  });

  it('opening the link gives allowVersions, the versions URL and the loudness', async () => {
    const link = await share({ trackId, allowVersions: true });
    const opened = (await get(`/api/shares/by-token/${link.token}`)).json();
    expect(opened).toMatchObject({
      type: 'track',
      allowVersions: true,
      track: { id: trackId, versionsUrl: base(link.token), loudnessLufs: -14, truePeakDb: -1 },
    });
    const plain = await share({ trackId });
    expect((await get(`/api/shares/by-token/${plain.token}`)).json()).toMatchObject({
      allowVersions: false,
      track: { versionsUrl: null },
    });
  });

  it("lists the versions as the owner's list does, every URL through the token", async () => {
    const link = await share({ trackId, allowVersions: true });
    const res = await get(base(link.token));
    expect(res.statusCode).toBe(200);
    const own = (await owner.get(`/api/tracks/${trackId}/versions`)).json<TrackVersion[]>();
    const through = (url: string | null) =>
      url === null ? null : url.replace(`/api/tracks/${trackId}/versions`, base(link.token));
    expect(res.json()).toEqual(
      own.map((v) => ({ ...v, streamUrl: through(v.streamUrl), peaksUrl: through(v.peaksUrl) })),
    );
    expect(res.json<TrackVersion[]>().map((v) => [v.version, v.streamUrl])).toEqual([
      [3, `${base(link.token)}/3/stream`],
      [2, null],
      [1, `${base(link.token)}/1/stream`],
    ]);
  });

  it('streams and draws each version through the token, signed out, with Range', async () => {
    const link = await share({ trackId, allowVersions: true });
    const part = await get(`${base(link.token)}/1/stream`, { range: 'bytes=50-549' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 50-549/${v1Rendition.length}`);
    expect(part.rawPayload.equals(v1Rendition.subarray(50, 550))).toBe(true);
    const current = await get(`${base(link.token)}/3/stream`);
    expect(current.statusCode).toBe(200);
    expect(current.rawPayload.equals(versionAudio(3))).toBe(true);
    expect((await get(`${base(link.token)}/1/waveform`)).json()).toEqual(testPeaks(1));
    expect((await get(`${base(link.token)}/3/waveform`)).json()).toEqual(testPeaks(1.25));
    const pending = await get(`${base(link.token)}/2/stream`);
    expect(pending.statusCode).toBe(409);
    expect(pending.json()).toMatchObject({ processing: { state: 'pending' } });
    expect((await get(`${base(link.token)}/9/stream`)).statusCode).toBe(404);
    // Without the token the private track's versions stay closed.
    expect((await get(`/api/tracks/${trackId}/versions/1/stream`)).statusCode).toBe(404);
  });

  it('a link without versions, or naming another track, opens none: 404', async () => {
    expect(await codes((await share({ trackId, allowDownload: true })).token)).toEqual([404, 404, 404, 404]);
    const link = await share({ trackId, allowVersions: true });
    expect(await codes(link.token, otherTrack)).toEqual([404, 404, 404, 404]);
    // The track's plain stream through the same link still works: only versions are refused.
    expect((await get(`/api/shares/by-token/${link.token}/tracks/${trackId}/stream`)).statusCode).toBe(200);
  });

  it("a playlist's link never opens versions, even with the column set by hand", async () => {
    const link = await share({ playlistId });
    await t.db.update(shareLinks).set({ allowVersions: true }).where(eq(shareLinks.id, link.id));
    expect((await get(`/api/shares/by-token/${link.token}`)).json()).toMatchObject({ allowVersions: false });
    expect(await codes(link.token)).toEqual([404, 404, 404, 404]);
    expect((await get(`/api/shares/by-token/${link.token}/tracks/${trackId}/stream`)).statusCode).toBe(200);
  });

  it('expired: 410; revoked: 404; an unknown token: 404', async () => {
    const expired = await share({ trackId, allowVersions: true });
    expect(await codes(expired.token)).toEqual([200, 206, 200, 200]);
    await t.db
      .update(shareLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(shareLinks.id, expired.id));
    const gone = await reads(expired.token);
    for (const res of gone) {
      expect(res.statusCode).toBe(410);
      expect(res.json()).toMatchObject({ message: SHARE_EXPIRED_MESSAGE });
    }
    const revoked = await share({ trackId, allowVersions: true });
    expect((await owner.delete(`/api/shares/${revoked.id}`)).statusCode).toBe(204);
    expect(await codes(revoked.token)).toEqual([404, 404, 404, 404]);
    expect(await codes('not-a-token')).toEqual([404, 404, 404, 404]);
  });
});
