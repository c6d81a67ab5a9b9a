import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Track } from '../../../shared/schemas/tracks';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { ffmpegFixture, sineInput, undecodableWav } from '../../../test/media-fixtures';
import { uploadAudio, waitForProcessing } from '../../../test/track-processing';
import { tracks } from '../../db/schema';

/** A real FLAC's metadata blocks followed by bytes that are no FLAC frames at all. */
function flacWithoutFrames(): Buffer {
  const flac = ffmpegFixture('tone-1s.flac', sineInput(1));
  let pos = 4;
  for (;;) {
    const last = flac[pos]! & 0x80;
    pos += 4 + flac.readUIntBE(pos + 1, 3);
    if (last) break;
  }
  return Buffer.concat([flac.subarray(0, pos), Buffer.alloc(20_000, 0x5a)]);
}

let t: TestApp;
let owner: TestClient & { userId: string };
let stranger: TestClient & { userId: string };

beforeAll(async () => {
  t = await buildTestApp({ mediaWorkers: 1 });
  owner = await t.signedInClient();
  stranger = await t.signedInClient();
});
afterAll(async () => t?.close());

describe('a file ffmpeg cannot decode', () => {
  let failed: Track;

  beforeAll(async () => {
    const uploaded = await uploadAudio(owner, 'broken.wav', undecodableWav());
    failed = await waitForProcessing(owner, uploaded.id);
  });

  it('is accepted, then ends `failed` with a reason in words, not playable', async () => {
    expect(failed.processing.state).toBe('failed');
    expect(failed.processing.error).toMatch(/^The audio could not be decoded \(ffmpeg: .*Decoder.*not found/);
    expect(failed.playable).toBe(false);
    expect(failed.loudness).toBeNull();
  });

  it('answers 409 with the state on /stream and /waveform, and still downloads the original', async () => {
    for (const route of ['stream', 'waveform']) {
      const res = await owner.get(`/api/tracks/${failed.id}/${route}`);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        statusCode: 409,
        error: 'Conflict',
        message: `The track could not be processed: ${failed.processing.error}`,
        processing: failed.processing,
      });
    }
    expect((await owner.get(`/api/tracks/${failed.id}/original`)).statusCode).toBe(200);
  });

  it('POST /process retries it: 202 and pending, then failed again with the same reason', async () => {
    const res = await owner.post(`/api/tracks/${failed.id}/process`);
    expect(res.statusCode).toBe(202);
    expect(res.json<Track>().processing).toEqual({ state: 'pending', error: null });
    const again = await waitForProcessing(owner, failed.id);
    expect(again.processing).toEqual(failed.processing);
  });

  it('a FLAC whose frames are garbage fails too (ffmpeg decodes nothing)', async () => {
    const uploaded = await uploadAudio(owner, 'empty.flac', flacWithoutFrames());
    // The original is FLAC, which browsers play, but it stops counting as playable once it failed.
    expect(uploaded.playable).toBe(true);
    const track = await waitForProcessing(owner, uploaded.id);
    expect(track.processing).toEqual({ state: 'failed', error: 'No audio could be decoded from the file' });
    expect(track.playable).toBe(false);
    expect((await owner.get(`/api/tracks/${track.id}/stream`)).statusCode).toBe(409);
  });
});

describe('while a track is pending', () => {
  it('/stream and /waveform answer 409 pending for a format that needs a rendition', async () => {
    const aiff = await uploadAudio(owner, 'wait.aiff', ffmpegFixture('tone-1s.aiff', sineInput(1)));
    await waitForProcessing(owner, aiff.id);
    // Back to how it was before its job ran (no job is queued for it now, so it stays so).
    await t.db
      .update(tracks)
      .set({ processingState: 'pending', renditionKey: null, renditionMimeType: null, peaksKey: null })
      .where(eq(tracks.id, aiff.id));
    for (const route of ['stream', 'waveform']) {
      const res = await owner.get(`/api/tracks/${aiff.id}/${route}`);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ processing: { state: 'pending', error: null } });
    }
  });
});

describe('who may use the media routes', () => {
  let track: Track;

  beforeAll(async () => {
    track = await waitForProcessing(
      owner,
      (await uploadAudio(owner, 'mine.mp3', ffmpegFixture('tone-1s.mp3', sineInput(1)))).id,
    );
  });

  it('a stranger and a signed-out visitor get 404 on every route of a private track', async () => {
    for (const client of [stranger, t.client()]) {
      for (const route of ['stream', 'original', 'waveform']) {
        expect((await client.get(`/api/tracks/${track.id}/${route}`)).statusCode).toBe(404);
      }
    }
    expect((await stranger.post(`/api/tracks/${track.id}/process`)).statusCode).toBe(404);
    expect((await t.client().post(`/api/tracks/${track.id}/process`)).statusCode).toBe(401);
  });

  it('a public track lets anyone stream, download and draw, but only the owner retries', async () => {
    await t.db.update(tracks).set({ visibility: 'public' }).where(eq(tracks.id, track.id));
    try {
      for (const route of ['stream', 'original', 'waveform']) {
        expect((await t.client().get(`/api/tracks/${track.id}/${route}`)).statusCode).toBe(200);
      }
      expect((await stranger.post(`/api/tracks/${track.id}/process`)).statusCode).toBe(404);
    } finally {
      await t.db.update(tracks).set({ visibility: 'private' }).where(eq(tracks.id, track.id));
    }
  });

  it('POST /process needs the CSRF token, and answers 409 for a track that has not failed', async () => {
    const noToken = await owner.request('POST', `/api/tracks/${track.id}/process`, { csrf: false });
    expect(noToken.statusCode).toBe(403);
    const ready = await owner.post(`/api/tracks/${track.id}/process`);
    expect(ready.statusCode).toBe(409);
    expect(ready.json()).toMatchObject({ statusCode: 409, processing: { state: 'ready', error: null } });
  });

  it('the waveform of a processed track has at least 500 values', async () => {
    const res = await owner.get(`/api/tracks/${track.id}/waveform`);
    expect(res.statusCode).toBe(200);
    expect(res.json<{ peaks: number[] }>().peaks.length).toBeGreaterThanOrEqual(500);
  });
});
