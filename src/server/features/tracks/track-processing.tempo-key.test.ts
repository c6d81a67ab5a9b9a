import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Track } from '../../../shared/schemas/tracks';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { hasFfmpeg } from '../../../test/media-fixtures';
import { waitForVersions } from '../../../test/take-audio';
import { chordProgression, drumLoop, pcmToWav } from '../../../test/tempo-key-audio';
import { uploadAudio, waitForProcessing } from '../../../test/track-processing';
import { tracks, trackVersions } from '../../db/schema';
import { ANALYSIS_LEVEL } from '../../media/take-description';

// Issue 47: the media job measures every take's tempo and key (decision 0812) and keeps them on
// the track row and on each version's row.

let t: TestApp;
let owner: TestClient & { userId: string };

beforeAll(async () => {
  t = await buildTestApp({ mediaWorkers: 1 });
  owner = await t.signedInClient();
});
afterAll(async () => t?.close());

/** A groove at `bpm` over a cadence in `key`, `seconds` long: what a band's take sounds like. */
function take(bpm: number, tonic: number, mode: 'major' | 'minor', seconds: number): Buffer {
  const drums = drumLoop(bpm, 0, seconds);
  const chords = chordProgression(tonic, mode, seconds);
  const mix = drums.map((sample, i) => 0.5 * sample + 0.5 * chords[i]!);
  return pcmToWav(mix);
}

const description = {
  bpm: tracks.bpm,
  bpmConfidence: tracks.bpmConfidence,
  musicalKey: tracks.musicalKey,
  keyConfidence: tracks.keyConfidence,
  analysisLevel: tracks.analysisLevel,
};

const near = (measured: number | null, truth: number) =>
  measured !== null && [1, 0.5, 2].some((f) => Math.abs(measured - truth * f) <= truth * f * 0.02);

describe.skipIf(!hasFfmpeg)('tempo and key of an uploaded take (issue 47)', () => {
  it('measures the track, and a kept version keeps its own', async () => {
    // 40 s: the 20-s window from the middle holds no edge.
    const uploaded = await uploadAudio(owner, 'groove-d-major.wav', take(96, 2, 'major', 40));
    const track = await waitForProcessing(owner, uploaded.id, 60_000);
    expect(track.processing.state).toBe('ready');
    const first = (await t.db.select(description).from(tracks).where(eq(tracks.id, track.id)))[0]!;
    expect(near(first.bpm, 96), `bpm ${first.bpm}`).toBe(true);
    expect(['D major', 'B minor']).toContain(first.musicalKey);
    expect(first.bpmConfidence).toBeGreaterThan(0);
    expect(first.keyConfidence).toBeGreaterThan(0);
    expect(first.analysisLevel).toBe(ANALYSIS_LEVEL);

    const res = await owner.upload(
      `/api/tracks/${track.id}/versions`,
      {},
      { field: 'file', name: 'groove-a-minor.wav', type: 'audio/wav', data: take(140, 9, 'minor', 30) },
    );
    expect(res.statusCode).toBe(201);
    await waitForProcessing(owner, res.json<Track>().id, 60_000);
    await waitForVersions(owner, track.id, (versions) =>
      versions.every((v) => v.processingState === 'ready'),
    );

    const second = (await t.db.select(description).from(tracks).where(eq(tracks.id, track.id)))[0]!;
    expect(near(second.bpm, 140), `bpm ${second.bpm}`).toBe(true);
    expect(['A minor', 'C major']).toContain(second.musicalKey);
    // The replaced first take, kept as version 1, still says what it was.
    const [kept] = await t.db
      .select({ bpm: trackVersions.bpm, musicalKey: trackVersions.musicalKey })
      .from(trackVersions)
      .where(and(eq(trackVersions.trackId, track.id), eq(trackVersions.version, 1)));
    expect(kept).toEqual({ bpm: first.bpm, musicalKey: first.musicalKey });
  }, 180_000);

  it('leaves tempo and key empty for a silent take', async () => {
    const uploaded = await uploadAudio(owner, 'silence.wav', pcmToWav(new Float32Array(44_100 * 10)));
    const track = await waitForProcessing(owner, uploaded.id, 60_000);
    expect(track.processing.state).toBe('ready');
    const [row] = await t.db.select(description).from(tracks).where(eq(tracks.id, track.id));
    expect(row).toEqual({
      bpm: null,
      bpmConfidence: null,
      musicalKey: null,
      keyConfidence: null,
      analysisLevel: ANALYSIS_LEVEL,
    });
  }, 120_000);
});
