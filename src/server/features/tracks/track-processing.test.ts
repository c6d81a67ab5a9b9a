import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Waveform } from '../../../shared/schemas/tracks';
import { waitForBlobDeletions } from '../../../test/blob-deletions';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { ffmpegFixture, ffmpegLoudness, ffprobeAudio, sineInput } from '../../../test/media-fixtures';
import { uploadAudio, waitForProcessing } from '../../../test/track-processing';
import { tracks } from '../../db/schema';

// Real files made by ffmpeg, uploaded through the API and processed by the real job (issue 10).
const tone = (name: string, codec: string[] = []) =>
  ffmpegFixture(`tone-3s-stereo-${name}`, sineInput(3), ['-ac', '2', ...codec]);

const FORMATS = [
  // Every browser plays these as they are: /stream serves the very bytes uploaded.
  { name: 'tone.flac', data: () => tone('a.flac'), rendition: false, mimeType: 'audio/flac' },
  { name: 'tone.mp3', data: () => tone('a.mp3'), rendition: false, mimeType: 'audio/mpeg' },
  { name: 'tone.wav', data: () => tone('a.wav'), rendition: false, mimeType: 'audio/wav' },
  // Not every browser plays these: /stream serves an AAC rendition.
  {
    name: 'tone.opus',
    data: () => tone('a.opus', ['-c:a', 'libopus']),
    rendition: true,
    mimeType: 'audio/ogg',
  },
  {
    name: 'tone.ogg',
    data: () => tone('v.ogg', ['-c:a', 'libvorbis']),
    rendition: true,
    mimeType: 'audio/ogg',
  },
  { name: 'tone.aiff', data: () => tone('a.aiff'), rendition: true, mimeType: 'audio/aiff' },
  {
    name: 'tone.m4a',
    data: () => tone('alac.m4a', ['-c:a', 'alac']),
    rendition: true,
    mimeType: 'audio/mp4',
  },
];

let t: TestApp;
let owner: TestClient & { userId: string };

beforeAll(async () => {
  t = await buildTestApp({ mediaWorkers: 2 });
  owner = await t.signedInClient();
});
afterAll(async () => t?.close());

describe('every upload is processed into something a browser plays', () => {
  for (const format of FORMATS) {
    it(`${format.name}: ${format.rendition ? 'an AAC rendition' : 'the original'} streams, the original downloads`, async () => {
      const data = format.data();
      const uploaded = await uploadAudio(owner, format.name, data);
      expect(uploaded.processing).toEqual({ state: 'pending', error: null });
      expect(uploaded.mimeType).toBe(format.mimeType);
      // The original of a browser format plays at once; the others once their rendition exists.
      expect(uploaded.playable).toBe(!format.rendition);

      const track = await waitForProcessing(owner, uploaded.id);
      expect(track.processing).toEqual({ state: 'ready', error: null });
      expect(track.playable).toBe(true);
      expect(track.loudness?.integratedLufs).toBeLessThan(0);
      // The file's format as probed, for Subsonic apps (decision 0808): Opus always decodes at 48 kHz.
      const [probed] = await t.db
        .select({ sampleRate: tracks.sampleRate, channels: tracks.channels })
        .from(tracks)
        .where(eq(tracks.id, track.id));
      expect(probed).toEqual({ sampleRate: format.name === 'tone.opus' ? 48_000 : 44_100, channels: 2 });

      const stream = await owner.get(`/api/tracks/${track.id}/stream`);
      expect(stream.statusCode).toBe(200);
      if (format.rendition) {
        expect(stream.headers['content-type']).toBe('audio/mp4');
        const decoded = ffprobeAudio(stream.rawPayload);
        expect(decoded.codec).toBe('aac');
        expect(decoded.duration).toBeGreaterThan(2.9);
        expect(decoded.duration).toBeLessThan(3.15);
      } else {
        expect(stream.headers['content-type']).toBe(format.mimeType);
        expect(Buffer.compare(stream.rawPayload, data)).toBe(0);
      }

      const original = await owner.get(`/api/tracks/${track.id}/original`);
      expect(original.statusCode).toBe(200);
      expect(original.headers['content-type']).toBe(format.mimeType);
      expect(original.headers['content-disposition']).toBe(
        `attachment; filename="${format.name}"; filename*=UTF-8''${format.name}`,
      );
      expect(Buffer.compare(original.rawPayload, data)).toBe(0);

      for (const route of ['stream', 'original']) {
        const part = await owner.get(`/api/tracks/${track.id}/${route}`, { range: 'bytes=0-99' });
        expect(part.statusCode).toBe(206);
        expect(part.rawPayload.length).toBe(100);
        expect(part.headers['content-range']).toMatch(/^bytes 0-99\/\d+$/);
        const beyond = await owner.get(`/api/tracks/${track.id}/${route}`, { range: 'bytes=99999999-' });
        expect(beyond.statusCode).toBe(416);
      }
    });
  }

  it('names the download as uploaded, non-ASCII included (RFC 6266/5987)', async () => {
    const uploaded = await uploadAudio(owner, 'Café №1 (live).mp3', tone('a.mp3'));
    const original = await owner.get(`/api/tracks/${uploaded.id}/original`);
    expect(original.headers['content-disposition']).toBe(
      `attachment; filename="Caf_ _1 (live).mp3"; filename*=UTF-8''Caf%C3%A9%20%E2%84%961%20%28live%29.mp3`,
    );
  });
});

describe('waveform and loudness', () => {
  it('peaks show a file that is half tone, half silence, normalised to its own peak', async () => {
    const data = ffmpegFixture('half-tone-half-silence.wav', [
      ...sineInput(4, 440, 22_050),
      '-f',
      'lavfi',
      '-i',
      'anullsrc=r=22050:cl=mono',
      '-filter_complex',
      // A quiet tone (-30 dBFS): normalising still draws it full height.
      '[0:a]volume=0.03[t];[1:a]atrim=duration=4[s];[t][s]concat=n=2:v=0:a=1',
    ]);
    const uploaded = await uploadAudio(owner, 'half.wav', data);
    await waitForProcessing(owner, uploaded.id);
    const res = await owner.get(`/api/tracks/${uploaded.id}/waveform`);
    expect(res.statusCode).toBe(200);
    const { duration, peaks } = res.json<Waveform>();
    expect(duration).toBeCloseTo(8, 1);
    expect(peaks.length).toBeGreaterThanOrEqual(500);
    expect(peaks.length % 2).toBe(0);
    const maxima = peaks.filter((_, i) => i % 2 === 1);
    const half = maxima.length / 2;
    const first = maxima.slice(0, half - 5);
    const second = maxima.slice(half + 5);
    expect(Math.min(...first)).toBeGreaterThan(0.9);
    expect(Math.max(...second)).toBeLessThan(0.01);
    expect(Math.min(...peaks)).toBeGreaterThanOrEqual(-1);
    expect(Math.max(...peaks)).toBeLessThanOrEqual(1);
  });

  it('measures a tone at a known level within 1 LU of what ffmpeg says independently', async () => {
    const data = ffmpegFixture('tone-minus-20.flac', sineInput(6, 1000), ['-af', 'volume=-8dB', '-ac', '2']);
    const expected = ffmpegLoudness(data);
    const uploaded = await uploadAudio(owner, 'level.flac', data);
    const track = await waitForProcessing(owner, uploaded.id);
    expect(track.loudness).not.toBeNull();
    expect(Math.abs(track.loudness!.integratedLufs - expected.integratedLufs)).toBeLessThan(1);
    expect(Math.abs(track.loudness!.truePeakDb - expected.truePeakDb)).toBeLessThan(1);
  });
});

describe('deleting a processed track', () => {
  it('removes the original, the rendition and the peaks', async () => {
    const uploaded = await uploadAudio(owner, 'gone.aiff', tone('a.aiff'));
    await waitForProcessing(owner, uploaded.id);
    const [row] = await listStoredKeys(uploaded.id);
    expect(row?.renditionKey).toBeTruthy();
    expect(row?.peaksKey).toBeTruthy();
    const files = [row!.filepath, row!.renditionKey!, row!.peaksKey!];
    for (const key of files) expect(stored(key)).toBe(true);

    expect((await owner.delete(`/api/tracks/${uploaded.id}`)).statusCode).toBe(200);
    await waitForBlobDeletions(t.db);
    for (const key of files) expect(stored(key)).toBe(false);
  });
});

function listStoredKeys(trackId: number) {
  return t.db
    .select({ filepath: tracks.filepath, renditionKey: tracks.renditionKey, peaksKey: tracks.peaksKey })
    .from(tracks)
    .where(eq(tracks.id, trackId));
}

/** Whether the blob store (local disk under the test's data folder) holds the key. */
const stored = (key: string) => existsSync(path.join(t.dataDir, 'files', key));
