import { normaliseKey } from '../../shared/musical-keys';

// Tempo and key of an excerpt of a take (issue 47, decision 0812), by essentia.js: pure, so the
// worker (tempo-key-worker.ts) and the accuracy test run the very same code.

/** The rate the tap's PCM arrives at: key and tempo live far below 5 kHz, and a quarter of 44.1 kHz
 * costs a quarter (decision 0812). */
export const TEMPO_KEY_SAMPLE_RATE = 11_025;
/** Seconds measured, from the middle of the take: tempo and key of a song hold for longer. */
export const TEMPO_KEY_WINDOW_SECONDS = 20;
/** Less than this and neither is measured: a few beats or chords say too little. */
export const TEMPO_KEY_MIN_SECONDS = 6;
/** An excerpt quieter than this (RMS, dBFS) is silence: nothing to measure. */
const SILENCE_RMS = 10 ** (-60 / 20);
const MIN_BPM = 50;
const MAX_BPM = 210;

/** The few essentia.js calls used here (its own typings are not importable from Node). */
export interface EssentiaVector {
  delete(): void;
}
export interface EssentiaLike {
  arrayToVector(samples: Float32Array): EssentiaVector;
  PercivalBpmEstimator(
    signal: EssentiaVector,
    frameSize: number,
    frameSizeOSS: number,
    hopSize: number,
    hopSizeOSS: number,
    maxBPM: number,
    minBPM: number,
    sampleRate: number,
  ): { bpm: number };
  KeyExtractor(
    audio: EssentiaVector,
    averageDetuningCorrection: boolean,
    frameSize: number,
    hopSize: number,
    hpcpSize: number,
    maxFrequency: number,
    maximumSpectralPeaks: number,
    minFrequency: number,
    pcpThreshold: number,
    profileType: string,
    sampleRate: number,
  ): { key: string; scale: string; strength: number };
}

export interface TempoAndKey {
  bpm: number | null;
  bpmConfidence: number | null;
  musicalKey: string | null;
  keyConfidence: number | null;
}

const NOTHING: TempoAndKey = { bpm: null, bpmConfidence: null, musicalKey: null, keyConfidence: null };

/** Tempo and key of mono PCM at TEMPO_KEY_SAMPLE_RATE; nulls for silence or too short a piece. */
export function measureTempoAndKey(essentia: EssentiaLike, samples: Float32Array): TempoAndKey {
  const rate = TEMPO_KEY_SAMPLE_RATE;
  sanitise(samples);
  if (samples.length < TEMPO_KEY_MIN_SECONDS * rate || rms(samples) < SILENCE_RMS) return NOTHING;
  const signal = essentia.arrayToVector(samples);
  try {
    // PercivalBpmEstimator with its 44.1 kHz time-scales kept at a quarter of the rate: 93 ms
    // frames, an onset curve at 86 Hz read 6 s at a time every 0.37 s (decision 0812).
    const { bpm } = essentia.PercivalBpmEstimator(signal, 1024, 512, 128, 32, MAX_BPM, MIN_BPM, rate);
    // KeyExtractor's 4096-sample frames at 44.1 kHz, the same 93 ms here; the default profile
    // ('bgate') named all 24 test keys right (docs/analysis-accuracy-A.md).
    const key = essentia.KeyExtractor(signal, true, 1024, 1024, 12, 3500, 60, 25, 0.2, 'bgate', rate);
    const measuredBpm = Number.isFinite(bpm) && bpm > 0 ? Math.round(bpm * 10) / 10 : null;
    const musicalKey = normaliseKey(`${key.key} ${key.scale}`);
    return {
      bpm: measuredBpm,
      bpmConfidence: measuredBpm === null ? null : beatRegularity(samples, rate, measuredBpm),
      musicalKey,
      keyConfidence: musicalKey === null ? null : round2(clamp01(key.strength)),
    };
  } finally {
    signal.delete();
  }
}

/**
 * How sure the tempo is, 0–1 (Percival's estimator gives no confidence): the autocorrelation of
 * the onset curve at one beat, two or a bar of four (the highest), normalised by its value at zero
 * lag. Onsets that come back every
 * beat give near 1; noise, a drone or a rubato passage near 0.
 */
export function beatRegularity(samples: Float32Array, rate: number, bpm: number): number {
  const hop = 128;
  const frames = Math.floor(samples.length / hop);
  const onset = new Float64Array(frames);
  let previous = 0;
  for (let f = 0; f < frames; f++) {
    let energy = 0;
    for (let i = f * hop; i < (f + 1) * hop; i++) energy += samples[i]! * samples[i]!;
    const level = Math.log(energy + 1e-9);
    onset[f] = f === 0 ? 0 : Math.max(0, level - previous);
    previous = level;
  }
  // Smoothed over ±2 frames (±23 ms): a beat that falls between frames still meets itself.
  const smooth = new Float64Array(frames);
  for (let f = 0; f < frames; f++) {
    for (let k = -2; k <= 2; k++) smooth[f]! += (3 - Math.abs(k)) * (onset[f + k] ?? 0);
  }
  const mean = smooth.reduce((sum, v) => sum + v, 0) / frames;
  for (let f = 0; f < frames; f++) onset[f] = smooth[f]! - mean;
  const at = (lag: number) => {
    let sum = 0;
    for (let f = 0; f + lag < frames; f++) sum += onset[f]! * onset[f + lag]!;
    return sum / (frames - lag);
  };
  const zero = at(0);
  if (zero <= 0) return 0;
  const beat = (60 / bpm) * (rate / hop);
  // A syncopated groove may come back only every two beats or every bar: the best of the three.
  let best = 0;
  for (const beats of [1, 2, 4]) {
    if (beat * beats >= frames / 2) break;
    best = Math.max(best, at(Math.round(beat * beats)));
  }
  return round2(clamp01(best / zero));
}

/**
 * Float audio may hold NaN or infinities (a float WAV says what it likes): essentia spins on them
 * for minutes, so they become silence. Beyond ±8 (+18 dBFS) nothing is music either.
 */
function sanitise(samples: Float32Array) {
  for (let i = 0; i < samples.length; i++) {
    const sample = samples[i]!;
    if (!Number.isFinite(sample)) samples[i] = 0;
    else if (Math.abs(sample) > 8) samples[i] = Math.sign(sample) * 8;
  }
}

function rms(samples: Float32Array) {
  let sum = 0;
  for (const sample of samples) sum += sample * sample;
  return Math.sqrt(sum / samples.length);
}

const clamp01 = (value: number) => (Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0);
const round2 = (value: number) => Math.round(value * 100) / 100;
