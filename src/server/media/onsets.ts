import { fft } from './fft';
import { PEAK_SAMPLE_RATE } from './waveform-peaks';

// Where a take's music starts, and how two takes line up (issue 43, decision 0605): an onset
// envelope of the file's opening, measured from the mono PCM the analysis already decodes, and a
// cross-correlation of two envelopes. Pure: no ffmpeg, no database.

/** One envelope value per hop: 10 ms, finer than the 20 ms an A/B switch may be off by. */
export const ONSET_HOP_SECONDS = 0.01;
/** Only the opening is kept: enough music to line up takes, bounded memory and storage (12 kB). */
export const ONSET_WINDOW_SECONDS = 120;
/** Takes further apart than this are not looked for (a count-in, a long intro). */
export const MAX_LAG_SECONDS = 30;
/**
 * Below this normalised correlation the peak is not trusted (unrelated envelopes of this length
 * stay well under 0.15); alignSeconds then falls back to the audio starts' difference.
 */
export const MIN_CORRELATION = 0.25;
/** The audio starts at the first moment louder than this below the file's own peak. */
export const SILENCE_FLOOR_DB = -40;
/** Energy below this (relative to a sine at the file's peak) counts as silence in the envelope. */
const ENERGY_FLOOR_DB = -50;
/** A rise in log energy of this much or more is the top of the 8-bit scale. */
const FLUX_FULL_SCALE_DB = 30;
/** First byte of a stored envelope: another layout later is read as "not measured". */
const ENCODING_VERSION = 1;

export interface OnsetMeasure {
  /** The envelope, base64 (what the `onsets` columns hold). */
  onsets: string;
  /** Seconds of leading silence; null for a silent file (or one silent through the window). */
  audioStartSeconds: number | null;
}

/**
 * Reduces mono samples, as they arrive, to an onset envelope of the first ONSET_WINDOW_SECONDS:
 * half-wave-rectified log-energy flux over 20 ms frames every 10 ms. Log energy makes it
 * level-invariant (a gain adds the same dB to every frame, and the silence floor follows the file's
 * own peak); only rises count, as a note's attack does.
 */
export class OnsetReducer {
  private readonly hop: number;
  private readonly msBlock: number;
  private readonly hopEnergies: Float64Array;
  /** Loudest sample of each millisecond of the window, for the audio start. */
  private readonly msPeaks: Float32Array;
  private sample = 0;
  private peak = 0;

  constructor(private readonly sampleRate = PEAK_SAMPLE_RATE) {
    this.hop = Math.max(1, Math.round(sampleRate * ONSET_HOP_SECONDS));
    this.msBlock = Math.max(1, Math.round(sampleRate / 1000));
    this.hopEnergies = new Float64Array(Math.ceil((sampleRate * ONSET_WINDOW_SECONDS) / this.hop));
    this.msPeaks = new Float32Array(Math.ceil((sampleRate * ONSET_WINDOW_SECONDS) / this.msBlock));
  }

  push(sample: number) {
    const value = Number.isFinite(sample) ? sample : 0;
    const magnitude = Math.abs(value);
    if (magnitude > this.peak) this.peak = magnitude;
    const hop = Math.floor(this.sample / this.hop);
    if (hop < this.hopEnergies.length) {
      this.hopEnergies[hop]! += value * value;
      const ms = Math.floor(this.sample / this.msBlock);
      if (magnitude > this.msPeaks[ms]!) this.msPeaks[ms] = magnitude;
    }
    this.sample += 1;
  }

  finish(): OnsetMeasure {
    const hops = Math.min(this.hopEnergies.length, Math.ceil(this.sample / this.hop));
    const envelope = new Uint8Array(hops);
    if (this.peak > 0) {
      // A 20 ms frame of a sine at the file's peak holds hop * peak² of energy.
      const floor = this.hop * this.peak * this.peak * 10 ** (ENERGY_FLOOR_DB / 10);
      let previous = 10 * Math.log10(floor);
      for (let k = 0; k < hops; k++) {
        const energy = this.hopEnergies[k]! + (k > 0 ? this.hopEnergies[k - 1]! : 0);
        const level = 10 * Math.log10(Math.max(energy, floor));
        const rise = Math.max(0, level - previous);
        envelope[k] = Math.min(255, Math.round((rise / FLUX_FULL_SCALE_DB) * 255));
        previous = level;
      }
    }
    return { onsets: encodeEnvelope(envelope), audioStartSeconds: this.audioStart() };
  }

  private audioStart(): number | null {
    if (this.peak === 0) return null;
    const threshold = this.peak * 10 ** (SILENCE_FLOOR_DB / 20);
    const blocks = Math.min(this.msPeaks.length, Math.ceil(this.sample / this.msBlock));
    for (let ms = 0; ms < blocks; ms++) {
      if (this.msPeaks[ms]! >= threshold) return (ms * this.msBlock) / this.sampleRate;
    }
    return null;
  }
}

/** The measure of a whole buffer of mono samples (tests, and anything already in memory). */
export function measureOnsets(samples: ArrayLike<number>, sampleRate = PEAK_SAMPLE_RATE): OnsetMeasure {
  const reducer = new OnsetReducer(sampleRate);
  for (let i = 0; i < samples.length; i++) reducer.push(samples[i]!);
  return reducer.finish();
}

export function encodeEnvelope(envelope: Uint8Array): string {
  const bytes = new Uint8Array(envelope.length + 1);
  bytes[0] = ENCODING_VERSION;
  bytes.set(envelope, 1);
  return Buffer.from(bytes).toString('base64');
}

/** The stored envelope, or null when there is none (or it is of a layout this code does not read). */
export function decodeEnvelope(stored: string | null | undefined): Uint8Array | null {
  if (!stored) return null;
  const bytes = Buffer.from(stored, 'base64');
  if (bytes[0] !== ENCODING_VERSION) return null;
  return new Uint8Array(bytes.subarray(1));
}

/** What alignSeconds needs of a take: its stored envelope and audio start. */
export interface AlignableTake {
  onsets: string | null;
  audioStartSeconds: number | null;
}

/**
 * Where `version`'s audio starts relative to `reference`'s, in seconds, positive when it starts
 * later: the lag of the envelopes' cross-correlation peak, interpolated between hops. When either
 * envelope is missing or the peak is too weak to trust, the difference of the audio starts (when
 * both are known, decision 0605); else null.
 */
export function alignSeconds(version: AlignableTake, reference: AlignableTake): number | null {
  const a = decodeEnvelope(version.onsets);
  const b = decodeEnvelope(reference.onsets);
  const match = a && b ? correlateEnvelopes(a, b) : null;
  if (match && match.strength >= MIN_CORRELATION) return round(match.lagSeconds);
  if (version.audioStartSeconds === null || reference.audioStartSeconds === null) return null;
  return round(version.audioStartSeconds - reference.audioStartSeconds);
}

/**
 * The lag (seconds, positive when `a` is `b` delayed) maximising the cross-correlation of the two
 * mean-removed envelopes within ±MAX_LAG_SECONDS, with parabolic interpolation around the peak, and
 * the peak's normalised strength (1: identical shapes). Null when either envelope is flat.
 */
export function correlateEnvelopes(
  a: ArrayLike<number>,
  b: ArrayLike<number>,
): { lagSeconds: number; strength: number } | null {
  const x = centred(a);
  const y = centred(b);
  const energy = Math.sqrt(sumOfSquares(x) * sumOfSquares(y));
  if (!(energy > 0)) return null;
  const size = nextPowerOfTwo(x.length + y.length);
  const xr = padded(x, size);
  const xi = new Float64Array(size);
  const yr = padded(y, size);
  const yi = new Float64Array(size);
  fft(xr, xi, false);
  fft(yr, yi, false);
  // X · conj(Y): its inverse holds Σ x[n + lag] y[n] at index lag (mod size).
  for (let k = 0; k < size; k++) {
    const re = xr[k]! * yr[k]! + xi[k]! * yi[k]!;
    const im = xi[k]! * yr[k]! - xr[k]! * yi[k]!;
    xr[k] = re;
    xi[k] = im;
  }
  fft(xr, xi, true);
  const at = (lag: number) => xr[(lag + size) % size]! / size;
  const maxLag = Math.round(MAX_LAG_SECONDS / ONSET_HOP_SECONDS);
  const lowest = -Math.min(maxLag, y.length - 1);
  const highest = Math.min(maxLag, x.length - 1);
  let best = lowest;
  for (let lag = lowest + 1; lag <= highest; lag++) if (at(lag) > at(best)) best = lag;
  let offset = 0;
  if (best > lowest && best < highest) {
    const [left, centre, right] = [at(best - 1), at(best), at(best + 1)];
    const curvature = left - 2 * centre + right;
    if (curvature < 0) offset = Math.max(-0.5, Math.min(0.5, (left - right) / (2 * curvature)));
  }
  return { lagSeconds: (best + offset) * ONSET_HOP_SECONDS, strength: at(best) / energy };
}

/** To 0.1 ms; never -0 (a take against itself reads 0). */
const round = (seconds: number) => Math.round(seconds * 10_000) / 10_000 || 0;

function centred(values: ArrayLike<number>): Float64Array {
  let sum = 0;
  for (let i = 0; i < values.length; i++) sum += values[i]!;
  const mean = values.length > 0 ? sum / values.length : 0;
  const out = new Float64Array(values.length);
  for (let i = 0; i < values.length; i++) out[i] = values[i]! - mean;
  return out;
}

function sumOfSquares(values: Float64Array): number {
  let sum = 0;
  for (const v of values) sum += v * v;
  return sum;
}

function padded(values: Float64Array, size: number): Float64Array {
  const out = new Float64Array(size);
  out.set(values);
  return out;
}

function nextPowerOfTwo(n: number): number {
  let size = 1;
  while (size < n) size *= 2;
  return size;
}
