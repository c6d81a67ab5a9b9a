import {
  SPLIT_MIN_SILENCE_SECONDS,
  SPLIT_MIN_TAKE_SECONDS,
  SPLIT_POINTS_MAX,
} from '../../shared/schemas/track-split';
import type { AudioTap, TakeDescription } from './analyse-audio';
import { FloatChunks } from './float-chunks';

// Silences between the songs of a long recording (issue 47, decision 0850): the tap keeps a level
// envelope of the one decode (20 values a second), and once the take's integrated loudness is known
// it finds the runs quieter than that loudness minus SILENCE_BELOW_LOUDNESS_DB. Pure but for the tap.

/** The tap's own PCM: mono at 8 kHz is plenty to tell a song from a pause. */
const TAP_RATE = 8000;
/** One envelope value per 50 ms: silence edges within 50 ms, 72,000 floats for an hour. */
export const WINDOW_SECONDS = 0.05;
const WINDOW_SAMPLES = Math.round(TAP_RATE * WINDOW_SECONDS);
/**
 * Quieter than the take's integrated loudness by this much counts as silence: well under the
 * quiet passages of a song, above a rehearsal room's hiss and hum between songs.
 */
export const SILENCE_BELOW_LOUDNESS_DB = 25;
/** Never call louder than this silence, however loud the take (a take mastered hot, a clipped one). */
const ABSOLUTE_CEILING_DB = -20;

export type Silence = { start: number; end: number };

/** Mean square per window, as the PCM arrives (chunks may end mid-sample). */
export class LevelEnvelope {
  private values: number[] = [];
  private sum = 0;
  private count = 0;
  private readonly chunks = new FloatChunks();

  push(chunk: Buffer) {
    for (const s of this.chunks.samples(chunk)) {
      this.sum += s * s;
      if (++this.count === WINDOW_SAMPLES) {
        this.values.push(this.sum / WINDOW_SAMPLES);
        this.sum = 0;
        this.count = 0;
      }
    }
  }

  /** Level of each window in dB relative to full scale (−∞ as −200). */
  finish(): Float32Array {
    if (this.count > 0) this.values.push(this.sum / this.count);
    const db = Float32Array.from(this.values, (ms) => (ms > 0 ? 10 * Math.log10(ms) : -200));
    this.values = [];
    return db;
  }
}

/** The silence threshold (dBFS of the envelope) from the take's integrated loudness (LUFS). */
export const silenceThresholdDb = (integratedLufs: number) =>
  Math.min(ABSOLUTE_CEILING_DB, integratedLufs - SILENCE_BELOW_LOUDNESS_DB);

/**
 * Runs of windows below `thresholdDb` lasting SPLIT_MIN_SILENCE_SECONDS or more, with sound on
 * both sides (a take's leading or trailing silence is nothing to split at). More than
 * SPLIT_POINTS_MAX: the longest, in time order.
 */
export function findSilences(rawLevelsDb: Float32Array, thresholdDb: number): Silence[] {
  const levelsDb = medianOfFive(rawLevelsDb);
  const found: Silence[] = [];
  let runStart = -1;
  for (let i = 0; i <= levelsDb.length; i++) {
    const quiet = i < levelsDb.length && levelsDb[i]! < thresholdDb;
    if (quiet && runStart < 0) runStart = i;
    if (!quiet && runStart >= 0) {
      const interior = runStart > 0 && i < levelsDb.length;
      const seconds = (i - runStart) * WINDOW_SECONDS;
      if (interior && seconds >= SPLIT_MIN_SILENCE_SECONDS) {
        found.push({ start: round(runStart * WINDOW_SECONDS), end: round(i * WINDOW_SECONDS) });
      }
      runStart = -1;
    }
  }
  if (found.length <= SPLIT_POINTS_MAX) return found;
  return found
    .toSorted((a, b) => b.end - b.start - (a.end - a.start))
    .slice(0, SPLIT_POINTS_MAX)
    .sort((a, b) => a.start - b.start);
}

/**
 * Each window's level as the median of it and its two neighbours on each side (250 ms): a room's
 * hiss rises over the threshold for a window or two now and then (pink noise 30 dB under the songs
 * broke a 3.4 s pause into runs under 3 s in one take of five), a click does the same, and neither
 * is a song. A median keeps a song's edges where they are (a step stays a step), unlike an average.
 */
function medianOfFive(levels: Float32Array): Float32Array {
  const out = new Float32Array(levels.length);
  const near: number[] = [];
  for (let i = 0; i < levels.length; i++) {
    near.length = 0;
    for (let j = Math.max(0, i - 2); j <= Math.min(levels.length - 1, i + 2); j++) near.push(levels[j]!);
    near.sort((a, b) => a - b);
    out[i] = near[near.length >> 1]!;
  }
  return out;
}

const round = (seconds: number) => Math.round(seconds * 100) / 100;

/**
 * The silences tap: only for takes longer than SPLIT_MIN_TAKE_SECONDS (a take whose length the
 * probe did not know is tapped and judged by the decoded length). Shorter takes: silences null.
 */
export function silenceTap(): AudioTap {
  const envelope = new LevelEnvelope();
  return {
    filters: `aresample=${TAP_RATE},aformat=sample_fmts=flt:channel_layouts=mono`,
    format: 'f32le',
    push: (chunk) => envelope.push(chunk),
    finish: (measured): TakeDescription => {
      const levels = envelope.finish();
      if (measured.duration <= SPLIT_MIN_TAKE_SECONDS || measured.integratedLufs === null) {
        return { silences: null };
      }
      return { silences: findSilences(levels, silenceThresholdDb(measured.integratedLufs)) };
    },
  };
}
