import { existsSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TrackVersion } from '../../../shared/schemas/track-versions';
import type { Track } from '../../../shared/schemas/tracks';
import { waitForBlobDeletions } from '../../../test/blob-deletions';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { hasFfmpeg, undecodableWav } from '../../../test/media-fixtures';
import { burstTake, ebur128Lufs, waitForVersions } from '../../../test/take-audio';
import { uploadAudio, waitForProcessing } from '../../../test/track-processing';
import { tracks, trackVersions } from '../../db/schema';

// Issue 43: every kept version is processed like the current file (peaks, loudness, a rendition
// where needed) and lined up against the current one by its onsets (decisions 0605–0607). The takes
// are the same tone bursts after 1.0 s, 0.3 s or 0.5 s of silence, 10 dB apart, in several formats.

const MIME: Record<string, string> = {
  wav: 'audio/wav',
  flac: 'audio/flac',
  mp3: 'audio/mpeg',
  ogg: 'audio/ogg',
};
type Ext = 'wav' | 'flac' | 'mp3' | 'ogg';
/** The tolerances: 20 ms for the alignment, 0.2 LU against ffmpeg's own ebur128. */
const ALIGN_TOLERANCE = 0.02;
const LOUDNESS_TOLERANCE = 0.2;

let t: TestApp;
let owner: TestClient & { userId: string };

beforeAll(async () => {
  t = await buildTestApp({ mediaWorkers: 2 });
  owner = await t.signedInClient();
});
afterAll(async () => t?.close());

async function uploadVersion(trackId: number, ext: Ext, data: Buffer): Promise<Track> {
  const res = await owner.upload(
    `/api/tracks/${trackId}/versions`,
    {},
    { field: 'file', name: `take.${ext}`, type: MIME[ext]!, data },
  );
  expect(res.statusCode).toBe(201);
  return res.json<Track>();
}

const versionRow = async (trackId: number, version: number) =>
  (
    await t.db
      .select()
      .from(trackVersions)
      .where(and(eq(trackVersions.trackId, trackId), eq(trackVersions.version, version)))
  )[0]!;
const onDisk = (key: string | null) => key !== null && existsSync(path.join(t.dataDir, 'files', key));

/** The versions once the current file and every earlier one are processed and lined up. */
async function settledVersions(trackId: number): Promise<TrackVersion[]> {
  await waitForProcessing(owner, trackId, 30_000);
  return await waitForVersions(owner, trackId, (versions) =>
    versions.every((v) => v.current || v.processingState !== 'ready' || v.alignSeconds !== null),
  );
}

interface Take {
  ext: Ext;
  silence: number;
  gainDb: number;
}
const data = (take: Take) => burstTake(take.ext, take.silence, take.gainDb);

describe.skipIf(!hasFfmpeg)('every version is a take: processed, measured, lined up', () => {
  const pairs: { name: string; first: Take; second: Take; waitBetween: boolean }[] = [
    {
      name: 'wav after 1.0 s, then flac after 0.3 s 10 dB quieter (the first processed before)',
      first: { ext: 'wav', silence: 1.0, gainDb: 0 },
      second: { ext: 'flac', silence: 0.3, gainDb: -10 },
      waitBetween: true,
    },
    {
      name: 'mp3 after 0.3 s, then ogg after 1.0 s 10 dB quieter (the first still pending: its own job)',
      first: { ext: 'mp3', silence: 0.3, gainDb: 0 },
      second: { ext: 'ogg', silence: 1.0, gainDb: -10 },
      waitBetween: false,
    },
    {
      name: 'ogg after 1.0 s 10 dB quieter, then mp3 after 0.3 s (a rendition made for the version)',
      first: { ext: 'ogg', silence: 1.0, gainDb: -10 },
      second: { ext: 'mp3', silence: 0.3, gainDb: 0 },
      waitBetween: false,
    },
  ];

  for (const pair of pairs) {
    it(`${pair.name}: lined up within 20 ms, loudness within 0.2 LU of ebur128`, async () => {
      const firstData = data(pair.first);
      const secondData = data(pair.second);
      const uploaded = await uploadAudio(owner, `take.${pair.first.ext}`, firstData);
      if (pair.waitBetween)
        expect((await waitForProcessing(owner, uploaded.id)).processing.state).toBe('ready');
      await uploadVersion(uploaded.id, pair.second.ext, secondData);

      const [current, earlier] = await settledVersions(uploaded.id);
      expect(current).toMatchObject({ version: 2, current: true });
      expect(earlier).toMatchObject({ version: 1, current: false, processingState: 'ready' });
      // Positive when the earlier version starts later than the current one.
      const expected = pair.first.silence - pair.second.silence;
      expect(Math.abs(earlier!.alignSeconds! - expected)).toBeLessThan(ALIGN_TOLERANCE);
      expect(earlier!.audioStartSeconds).toBeCloseTo(pair.first.silence, 1);
      expect(earlier!.duration).toBeCloseTo(3.5, 1);

      expect(Math.abs(earlier!.loudnessLufs! - ebur128Lufs(firstData))).toBeLessThanOrEqual(
        LOUDNESS_TOLERANCE,
      );
      const track = await waitForProcessing(owner, uploaded.id);
      expect(Math.abs(track.loudness!.integratedLufs! - ebur128Lufs(secondData))).toBeLessThanOrEqual(
        LOUDNESS_TOLERANCE,
      );
      // 10 dB apart as made, whatever the formats.
      expect(Math.abs(track.loudness!.integratedLufs! - earlier!.loudnessLufs!)).toBeCloseTo(10, 0);

      const [row] = await t.db.select().from(tracks).where(eq(tracks.id, uploaded.id));
      expect(row!.audioStartSeconds).toBeCloseTo(pair.second.silence, 1);
      expect(row!.onsets).not.toBeNull();
      const v1 = await versionRow(uploaded.id, 1);
      expect(onDisk(v1.peaksKey)).toBe(true);
      // Only a format browsers cannot play gets a rendition, as for the current file.
      expect(v1.renditionKey !== null).toBe(pair.first.ext === 'ogg');
      expect(v1.renditionKey === null || onDisk(v1.renditionKey)).toBe(true);
    }, 60_000);
  }

  it('a third version lines every earlier one up against the new current file', async () => {
    const uploaded = await uploadAudio(owner, 'take.wav', data({ ext: 'wav', silence: 1.0, gainDb: 0 }));
    await uploadVersion(uploaded.id, 'flac', data({ ext: 'flac', silence: 0.3, gainDb: -10 }));
    await settledVersions(uploaded.id);
    await uploadVersion(uploaded.id, 'mp3', data({ ext: 'mp3', silence: 0.5, gainDb: -5 }));
    const versions = await settledVersions(uploaded.id);
    const align = Object.fromEntries(versions.map((v) => [v.version, v.alignSeconds]));
    expect(Math.abs(align[1]! - 0.5)).toBeLessThan(ALIGN_TOLERANCE);
    expect(Math.abs(align[2]! - -0.2)).toBeLessThan(ALIGN_TOLERANCE);
  }, 90_000);

  it('keeps the moved rendition and peaks; removing the original, then the track, removes them', async () => {
    const uploaded = await uploadAudio(owner, 'take.ogg', data({ ext: 'ogg', silence: 1.0, gainDb: -10 }));
    const before = (
      await t.db
        .select()
        .from(tracks)
        .where(eq(tracks.id, (await waitForProcessing(owner, uploaded.id)).id))
    )[0]!;
    expect(before.renditionKey).not.toBeNull();
    await uploadVersion(uploaded.id, 'wav', data({ ext: 'wav', silence: 0.3, gainDb: 0 }));
    await uploadVersion(uploaded.id, 'flac', data({ ext: 'flac', silence: 0.3, gainDb: -10 }));
    await settledVersions(uploaded.id);
    await waitForBlobDeletions(t.db);

    // Version 1 took over the track's rendition and peaks: still there once the outbox drained.
    const v1 = await versionRow(uploaded.id, 1);
    expect(v1).toMatchObject({
      storageKey: before.filepath,
      renditionKey: before.renditionKey,
      peaksKey: before.peaksKey,
      processingState: 'ready',
    });
    for (const key of [v1.storageKey, v1.renditionKey, v1.peaksKey]) expect(onDisk(key)).toBe(true);

    // Removing its original leaves a file-less history row, and queues all three.
    expect((await owner.request('DELETE', `/api/tracks/${uploaded.id}/versions/1/original`)).statusCode).toBe(
      204,
    );
    await waitForBlobDeletions(t.db);
    for (const key of [v1.storageKey, v1.renditionKey, v1.peaksKey]) expect(onDisk(key)).toBe(false);
    expect(await versionRow(uploaded.id, 1)).toMatchObject({
      storageKey: null,
      renditionKey: null,
      peaksKey: null,
      processingState: null,
      loudnessLufs: null,
      onsets: null,
      alignSeconds: null,
    });

    // Deleting the track removes version 2's kept original and peaks with everything else.
    const v2 = await versionRow(uploaded.id, 2);
    expect(onDisk(v2.storageKey) && onDisk(v2.peaksKey)).toBe(true);
    expect((await owner.request('DELETE', `/api/tracks/${uploaded.id}`)).statusCode).toBe(200);
    await waitForBlobDeletions(t.db);
    expect(onDisk(v2.storageKey) || onDisk(v2.peaksKey)).toBe(false);
  }, 90_000);

  it('marks an undecodable earlier version failed, with a reason, and leaves the track alone', async () => {
    const uploaded = await uploadAudio(owner, 'broken.wav', undecodableWav());
    expect((await waitForProcessing(owner, uploaded.id)).processing.state).toBe('failed');
    await uploadVersion(uploaded.id, 'wav', data({ ext: 'wav', silence: 0.3, gainDb: 0 }));
    const versions = await waitForVersions(owner, uploaded.id);
    const track = await waitForProcessing(owner, uploaded.id);
    expect(track).toMatchObject({ version: 2, processing: { state: 'ready', error: null } });
    expect(versions.find((v) => v.version === 1)).toMatchObject({
      processingState: 'failed',
      loudnessLufs: null,
      alignSeconds: null,
    });
    expect((await versionRow(uploaded.id, 1)).processingError).toMatch(/decod/i);
  }, 60_000);
});
