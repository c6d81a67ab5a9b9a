import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { collectiveMembers, tracks, trackVersions } from '../../db/schema';

// Every version is a take (issue 43, decisions 0621-0622): the list's fields, each version's stream
// and waveform, under the track's own listening rule. No media worker runs: the results the version
// processing would write are set in the database by hand (src/test/version-takes.ts), with real
// files in the blob store for the bytes.
type Person = TestClient & { userId: string };
let t: TestApp;
let owner: Person;
let member: Person; // in a collective the track's playlist is shared into
let stranger: Person;
let band: number;
let trackId: number; // three versions: v1 ready with a rendition, v2 pending, v3 current and ready
let single: number; // never replaced
let v1Rendition: Buffer;

const list = (who: TestClient, id = trackId) => who.get(`/api/tracks/${id}/versions`);
const stream = (who: TestClient, v: number, headers: Record<string, string> = {}, id = trackId) =>
  who.get(`/api/tracks/${id}/versions/${v}/stream`, headers);
const waveform = (who: TestClient, v: number, id = trackId) =>
  who.get(`/api/tracks/${id}/versions/${v}/waveform`);
const rowOf = async (id: number) => (await t.db.select().from(tracks).where(eq(tracks.id, id)))[0]!;
const versionRow = async (id: number, v: number) =>
  (await t.db.select().from(trackVersions).where(eq(trackVersions.trackId, id))).find(
    (r) => r.version === v,
  )!;

beforeAll(async () => {
  // The access cache on, as in production: the Range requests after the first reuse the decision,
  // and a removal through the API must still end it at once (decision 0066).
  t = await buildTestApp({ config: { accessCacheSeconds: 60 } });
  owner = await t.signedInClient({ username: 'owner' });
  member = await t.signedInClient({ username: 'member' });
  stranger = await t.signedInClient({ username: 'stranger' });
  band = (await owner.post('/api/collectives', { name: 'Band' })).json().id;
  await t.db.insert(collectiveMembers).values({ collectiveId: band, userId: member.userId });
  trackId = await uploadTrackWithVersions(owner, 3);
  single = await uploadTrackWithVersions(owner, 1, 'Lighthouse');
  const playlistId = (await owner.post('/api/playlists', { name: 'Demos' })).json().id;
  await owner.post(`/api/playlists/${playlistId}/tracks`, { trackId });
  await owner.post(`/api/playlists/${playlistId}/share`, { collectiveIds: [band] });
  v1Rendition = await makeThreeTakes(t, trackId);
}, 60_000);
afterAll(async () => t?.close());

describe(`GET /api/tracks/{id}/versions on ${testDatabaseKind()}`, () => {
  it('gives every version its results and URLs: the current from the track, earlier ones from their row', async () => {
    const res = await list(member);
    expect(res.statusCode).toBe(200);
    const base = `/api/tracks/${trackId}/versions`;
    const [v3, v2, v1] = res.json<TrackVersion[]>();
    const rows = {
      1: await versionRow(trackId, 1),
      2: await versionRow(trackId, 2),
      3: await versionRow(trackId, 3),
    };
    expect(v3).toEqual({
      id: rows[3].id,
      trackId,
      version: 3,
      note: 'Mix 3',
      filename: 'take-3.wav',
      size: versionAudio(3).length,
      createdAt: rows[3].createdAt.toISOString(),
      hasFile: true,
      current: true,
      processingState: 'ready',
      duration: 1.25,
      loudnessLufs: -14,
      truePeakDb: -1,
      loudnessRange: null,
      streamUrl: `${base}/3/stream`,
      peaksUrl: `${base}/3/waveform`,
      alignSeconds: 0,
      audioStartSeconds: expect.closeTo(0.3, 5),
    });
    expect(v2).toEqual({
      id: rows[2].id,
      trackId,
      version: 2,
      note: 'Mix 2',
      filename: 'take-2.wav',
      size: versionAudio(2).length,
      createdAt: rows[2].createdAt.toISOString(),
      hasFile: true,
      current: false,
      // Replaced without a worker running: waiting for the version processing. What the upload
      // measured moved with it (its duration; a WAV plays as uploaded, decisions 0041, 0606).
      processingState: 'pending',
      duration: 1,
      loudnessLufs: null,
      truePeakDb: null,
      loudnessRange: null,
      streamUrl: `${base}/2/stream`,
      peaksUrl: null,
      alignSeconds: null,
      audioStartSeconds: null,
    });
    expect(v1).toEqual({
      id: rows[1].id,
      trackId,
      version: 1,
      note: null,
      filename: 'take-1.wav',
      size: versionAudio(1).length,
      createdAt: rows[1].createdAt.toISOString(),
      hasFile: true,
      current: false,
      processingState: 'ready',
      duration: 1,
      loudnessLufs: -24,
      truePeakDb: -6,
      loudnessRange: null,
      streamUrl: `${base}/1/stream`,
      peaksUrl: `${base}/1/waveform`,
      alignSeconds: expect.closeTo(0.7, 5),
      audioStartSeconds: 1,
    });
  });

  it('answers one take for a track never replaced, with an id no version row can have', async () => {
    const track = await rowOf(single);
    const pending = (await list(owner, single)).json<TrackVersion[]>();
    expect(pending).toEqual([
      {
        id: -single,
        trackId: single,
        version: 1,
        note: null,
        filename: 'take-1.wav',
        size: versionAudio(1).length,
        createdAt: track.createdAt.toISOString(),
        hasFile: true,
        current: true,
        processingState: 'pending',
        duration: expect.closeTo(0.75, 2),
        loudnessLufs: null,
        truePeakDb: null,
        loudnessRange: null,
        // A WAV plays as uploaded while processing runs, as the track's own /stream.
        streamUrl: `/api/tracks/${single}/versions/1/stream`,
        peaksUrl: null,
        alignSeconds: 0,
        audioStartSeconds: null,
      },
    ]);
    expect(await t.db.select().from(trackVersions).where(eq(trackVersions.trackId, single))).toEqual([]);
    const own = await stream(owner, 1, {}, single);
    expect(own.statusCode).toBe(200);
    expect(own.rawPayload.equals(versionAudio(1))).toBe(true);
    expect((await list(stranger, single)).statusCode).toBe(404);
  });
});

describe(`version streams and waveforms on ${testDatabaseKind()}`, () => {
  it("streams an earlier version's rendition with Range: 206, Content-Range, the stored bytes", async () => {
    const whole = await stream(owner, 1);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('audio/mpeg');
    expect(whole.headers['cache-control']).toBe('private, no-cache');
    expect(whole.rawPayload.equals(v1Rendition)).toBe(true);
    const part = await stream(member, 1, { range: 'bytes=100-1099' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-1099/${v1Rendition.length}`);
    expect(part.rawPayload.equals(v1Rendition.subarray(100, 1100))).toBe(true);
    const tail = await stream(member, 1, { range: `bytes=${v1Rendition.length - 10}-` });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(v1Rendition.subarray(-10))).toBe(true);
  });

  it("the current version's stream and waveform are the track's own", async () => {
    const track = await owner.get(`/api/tracks/${trackId}/stream`, { range: 'bytes=0-499' });
    const current = await stream(owner, 3, { range: 'bytes=0-499' });
    expect(current.statusCode).toBe(206);
    expect(current.headers['content-range']).toBe(track.headers['content-range']);
    expect(current.rawPayload.equals(versionAudio(3).subarray(0, 500))).toBe(true);
    expect(current.rawPayload.equals(track.rawPayload)).toBe(true);
    expect((await waveform(owner, 3)).json()).toEqual(testPeaks(1.25));
    expect((await waveform(member, 1)).json()).toEqual(testPeaks(1));
  });

  it('409 with `processing` while a version has nothing playable; its original once it plays', async () => {
    // An original browsers do not all play (FLAC, AIFF…) waits for its rendition.
    await setVersionColumns(t, trackId, 2, { originalPlayable: false });
    const pending = await stream(owner, 2);
    expect(pending.statusCode).toBe(409);
    expect(pending.json()).toMatchObject({ processing: { state: 'pending', error: null } });
    expect((await waveform(owner, 2)).json()).toMatchObject({ processing: { state: 'pending' } });
    await setVersionColumns(t, trackId, 2, { processingState: 'failed', processingError: 'Not decodable' });
    const failed = await stream(owner, 2);
    expect(failed.statusCode).toBe(409);
    expect(failed.json()).toMatchObject({ processing: { state: 'failed', error: 'Not decodable' } });
    expect(failed.json().message).toContain('Version 2');
    // A browser-playable original plays as uploaded, as /stream serves a track's (decision 0041).
    await setVersionColumns(t, trackId, 2, {
      processingState: 'ready',
      processingError: null,
      originalPlayable: true,
    });
    const ready = await stream(owner, 2, { range: 'bytes=0-99' });
    expect(ready.statusCode).toBe(206);
    expect(ready.headers['content-type']).toBe('audio/wav');
    expect(ready.rawPayload.equals(versionAudio(2).subarray(0, 100))).toBe(true);
    expect((await waveform(owner, 2)).statusCode).toBe(409);
    await setVersionColumns(t, trackId, 2, { processingState: 'pending', originalPlayable: true });
  });

  it('404 for a version that does not exist or has no file; 400 for a version that is no number', async () => {
    for (const v of [4, 99]) {
      expect((await stream(owner, v)).statusCode).toBe(404);
      expect((await waveform(owner, v)).statusCode).toBe(404);
    }
    expect((await owner.get(`/api/tracks/${trackId}/versions/0/stream`)).statusCode).toBe(400);
    expect((await owner.get(`/api/tracks/${trackId}/versions/abc/waveform`)).statusCode).toBe(400);
    expect((await owner.get('/api/tracks/999999/versions/1/stream')).statusCode).toBe(404);
    const other = await uploadTrackWithVersions(owner, 2, 'Cleared');
    await makeVersionReady(t, other, 1, {
      loudnessLufs: -20,
      truePeakDb: -2,
      alignSeconds: 0,
      audioStartSeconds: 0,
    });
    expect((await stream(owner, 1, {}, other)).statusCode).toBe(200);
    expect((await owner.delete(`/api/tracks/${other}/versions/1/original`)).statusCode).toBe(204);
    expect((await stream(owner, 1, {}, other)).statusCode).toBe(404);
    expect((await waveform(owner, 1, other)).statusCode).toBe(404);
    const [, v1] = (await list(owner, other)).json<TrackVersion[]>();
    expect(v1).toMatchObject({
      version: 1,
      hasFile: false,
      processingState: null,
      streamUrl: null,
      peaksUrl: null,
    });
  });
});

describe(`who may read versions, on ${testDatabaseKind()}`, () => {
  const reads = (who: TestClient) =>
    Promise.all([list(who), stream(who, 1, { range: 'bytes=0-9' }), waveform(who, 1), stream(who, 3)]);
  const codes = async (who: TestClient) => (await reads(who)).map((r) => r.statusCode);

  it('the owner and a member of a collective it is shared into: yes; a stranger and signed out: 404', async () => {
    expect(await codes(owner)).toEqual([200, 206, 200, 200]);
    expect(await codes(member)).toEqual([200, 206, 200, 200]);
    expect(await codes(stranger)).toEqual([404, 404, 404, 404]);
    expect(await codes(t.client())).toEqual([404, 404, 404, 404]);
  });

  it('anyone, signed out included, once the track is public; nobody else again once private', async () => {
    expect((await owner.patch(`/api/tracks/${trackId}`, { visibility: 'public' })).statusCode).toBe(200);
    expect(await codes(t.client())).toEqual([200, 206, 200, 200]);
    expect(await codes(stranger)).toEqual([200, 206, 200, 200]);
    expect((await owner.patch(`/api/tracks/${trackId}`, { visibility: 'private' })).statusCode).toBe(200);
    expect(await codes(t.client())).toEqual([404, 404, 404, 404]);
  });

  it('a member removed from the collective: 404 at once, though their earlier grant was cached', async () => {
    const leaving = await t.signedInClient({ username: 'leaving' });
    await t.db.insert(collectiveMembers).values({ collectiveId: band, userId: leaving.userId });
    expect(await codes(leaving)).toEqual([200, 206, 200, 200]);
    const removed = await owner.delete(`/api/collectives/${band}/members/${leaving.userId}`);
    expect(removed.statusCode).toBe(200);
    expect(await codes(leaving)).toEqual([404, 404, 404, 404]);
  });
});
