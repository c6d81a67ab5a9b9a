import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShareLink } from '../../../shared/schemas/shares';
import type { TrackVersion } from '../../../shared/schemas/track-versions';
import { waitForBlobDeletions } from '../../../test/blob-deletions';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { ffmpegFixture, sineInput } from '../../../test/media-fixtures';
import { waitForVersions } from '../../../test/take-audio';
import { uploadAudio, waitForProcessing } from '../../../test/track-processing';
import { testPeaks } from '../../../test/version-takes';
import { tracks, trackVersions } from '../../db/schema';
import { loadSharp } from '../../media/sharp';
import { spectrogramKey } from '../../media/spectrogram';
import { SPECTROGRAM } from '../../media/spectrogram-columns';

// A take's spectrogram (issue 47, decision 0842): made by the real media job for the track and for
// each version, served under the waveform's access rule (track, version, share link) and removed
// with the peaks it sits beside.

const tone = (frequency: number) =>
  ffmpegFixture(`tone-3s-${frequency}hz.wav`, sineInput(3, frequency), ['-ac', '2']);

let t: TestApp;
let owner: TestClient & { userId: string };
let stranger: TestClient;
let trackId: number;
let versions: TrackVersion[];

beforeAll(async () => {
  t = await buildTestApp({ mediaWorkers: 2 });
  owner = await t.signedInClient();
  stranger = await t.signedInClient();
  const uploaded = await uploadAudio(owner, 'low.wav', tone(220));
  trackId = uploaded.id;
  await waitForProcessing(owner, trackId);
  const second = await owner.upload(
    `/api/tracks/${trackId}/versions`,
    { note: 'Higher' },
    { field: 'file', name: 'high.wav', type: 'audio/wav', data: tone(3520) },
  );
  expect(second.statusCode, second.body).toBe(201);
  versions = await waitForVersions(owner, trackId, (all) => all.length === 2);
}, 90_000);
afterAll(async () => t?.close());

const stored = (key: string) => existsSync(path.join(t.dataDir, 'files', key));

async function picture(client: TestClient, url: string) {
  const res = await client.get(url);
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  expect(res.headers['content-type']).toBe('image/webp');
  const sharp = await loadSharp();
  const { width, height } = await sharp(res.rawPayload).metadata();
  expect([width, height]).toEqual([SPECTROGRAM.width, SPECTROGRAM.height]);
  return res.rawPayload;
}

/** The brightest row of the picture's middle column, counted from the bottom (low notes). */
async function brightestRow(image: Buffer) {
  const sharp = await loadSharp();
  const { data, info } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
  const x = Math.floor(info.width / 2);
  let best = { row: -1, level: -1 };
  for (let y = 0; y < info.height; y += 1) {
    const i = (y * info.width + x) * info.channels;
    const level = data[i]! + data[i + 1]! + data[i + 2]!;
    if (level > best.level) best = { row: info.height - 1 - y, level };
  }
  return best.row;
}

describe('a take’s spectrogram', () => {
  it('is drawn for the track and each version, and shows where each take’s tone lies', async () => {
    const current = await picture(owner, `/api/tracks/${trackId}/spectrogram`);
    expect((await picture(owner, `/api/tracks/${trackId}/versions/2/spectrogram`)).equals(current)).toBe(
      true,
    );
    const earlier = await picture(owner, `/api/tracks/${trackId}/versions/1/spectrogram`);
    // 220 Hz and 3520 Hz are four octaves apart: on the log scale, 4/8.5 of the picture's height.
    const octaveRows = SPECTROGRAM.height / Math.log2(SPECTROGRAM.highHz / SPECTROGRAM.lowHz);
    const expectedRow = (hz: number) => Math.log2(hz / SPECTROGRAM.lowHz) * octaveRows;
    expect(Math.abs((await brightestRow(earlier)) - expectedRow(220))).toBeLessThanOrEqual(3);
    expect(Math.abs((await brightestRow(current)) - expectedRow(3520))).toBeLessThanOrEqual(3);
  });

  it('carries the loudness range in the track and version JSON', async () => {
    const track = await waitForProcessing(owner, trackId);
    expect(track.loudness?.loudnessRange).toEqual(expect.any(Number));
    expect(versions.map((v) => v.loudnessRange)).toEqual([expect.any(Number), expect.any(Number)]);
  });

  it('is 404 for anyone who may not listen, as the waveform', async () => {
    for (const url of [
      `/api/tracks/${trackId}/spectrogram`,
      `/api/tracks/${trackId}/versions/1/spectrogram`,
    ]) {
      expect((await stranger.get(url)).statusCode).toBe(404);
      expect((await t.client().get(url)).statusCode).toBe(404);
    }
    expect((await owner.get(`/api/tracks/${trackId}/versions/9/spectrogram`)).statusCode).toBe(404);
  });

  it('opens through a share link where the guest hears the track, and its versions where allowed', async () => {
    const create = async (body: Record<string, unknown>) => {
      const res = await owner.post('/api/shares', body);
      expect(res.statusCode, res.body).toBe(201);
      return res.json<ShareLink>();
    };
    const guest = t.client();
    const plain = await create({ trackId });
    await picture(guest, `/api/shares/by-token/${plain.token}/tracks/${trackId}/spectrogram`);
    const versionUrl = (token: string) =>
      `/api/shares/by-token/${token}/tracks/${trackId}/versions/1/spectrogram`;
    expect((await guest.get(versionUrl(plain.token))).statusCode).toBe(404);
    const withVersions = await create({ trackId, allowVersions: true });
    await picture(guest, versionUrl(withVersions.token));
    const forged = `${plain.token.slice(0, -2)}xx`;
    expect((await guest.get(`/api/shares/by-token/${forged}/tracks/${trackId}/spectrogram`)).statusCode).toBe(
      404,
    );
  });

  it('is 409 while a take is processed, and 404 for a take processed before spectrograms', async () => {
    const other = await uploadAudio(owner, 'other.wav', tone(440));
    await waitForProcessing(owner, other.id);
    await t.db.update(tracks).set({ processingState: 'pending' }).where(eq(tracks.id, other.id));
    const pending = await owner.get(`/api/tracks/${other.id}/spectrogram`);
    expect(pending.statusCode).toBe(409);
    expect(pending.json().processing.state).toBe('pending');
    // A peaks file from before issue 47: no spectrogram beside it.
    const oldPeaks = 'tracks/before-issue-47.peaks.json';
    writeFileSync(path.join(t.dataDir, 'files', oldPeaks), JSON.stringify(testPeaks(3)));
    await t.db
      .update(tracks)
      .set({ processingState: 'ready', peaksKey: oldPeaks })
      .where(eq(tracks.id, other.id));
    const old = await owner.get(`/api/tracks/${other.id}/spectrogram`);
    expect(old.statusCode).toBe(404);
    expect(old.json().message).toBe('This take has no spectrogram yet');
  });

  it('is removed with the track, for every version', async () => {
    const rows = await t.db
      .select({ peaksKey: trackVersions.peaksKey })
      .from(trackVersions)
      .where(eq(trackVersions.trackId, trackId));
    const [track] = await t.db
      .select({ peaksKey: tracks.peaksKey })
      .from(tracks)
      .where(eq(tracks.id, trackId));
    const keys = [...rows.map((r) => r.peaksKey), track!.peaksKey]
      .filter((k): k is string => k !== null)
      .map((k) => spectrogramKey(k)!);
    expect(new Set(keys).size).toBe(2);
    for (const key of keys) expect(stored(key)).toBe(true);
    expect((await owner.delete(`/api/tracks/${trackId}`)).statusCode).toBe(200);
    await waitForBlobDeletions(t.db);
    for (const key of keys) expect(stored(key)).toBe(false);
  });
});
