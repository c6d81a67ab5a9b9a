import { FloatChunks } from './float-chunks';
/** Min/max pairs a waveform keeps at most (decision 0042): enough for a 2,000-pixel-wide bar. */
export const PEAK_PAIRS = 2000;
/** Sample rate of the mono PCM ffmpeg streams for the peaks. */
export const PEAK_SAMPLE_RATE = 8000;

/**
 * Reduces a stream of mono float samples to min/max pairs in constant memory, whatever the length:
 * samples fall into buckets of `bucketSize`; when the buckets reach twice PEAK_PAIRS, neighbours
 * are merged and the bucket size doubles. No length is needed in advance, so a container that
 * states a wrong duration (or none) still gives a full waveform.
 */
export class PeakReducer {
  private mins: number[] = [];
  private maxs: number[] = [];
  private bucketSize = 1;
  private filled = 0;
  private readonly chunks = new FloatChunks();
  samples = 0;

  /** Little-endian 32-bit floats as they arrive from a pipe (a chunk may end mid-sample). */
  pushBytes(chunk: Buffer) {
    this.chunks.push(chunk, (sample) => this.push(sample));
  }

  push(sample: number) {
    const value = Number.isFinite(sample) ? sample : 0;
    this.samples += 1;
    if (this.filled === 0) {
      this.mins.push(value);
      this.maxs.push(value);
    } else {
      const last = this.mins.length - 1;
      if (value < this.mins[last]!) this.mins[last] = value;
      if (value > this.maxs[last]!) this.maxs[last] = value;
    }
    this.filled += 1;
    if (this.filled === this.bucketSize) {
      this.filled = 0;
      if (this.mins.length >= PEAK_PAIRS * 2) this.mergeNeighbours();
    }
  }

  private mergeNeighbours() {
    const mins: number[] = [];
    const maxs: number[] = [];
    for (let i = 0; i < this.mins.length; i += 2) {
      mins.push(Math.min(this.mins[i]!, this.mins[i + 1] ?? this.mins[i]!));
      maxs.push(Math.max(this.maxs[i]!, this.maxs[i + 1] ?? this.maxs[i]!));
    }
    this.mins = mins;
    this.maxs = maxs;
    this.bucketSize *= 2;
  }

  /**
   * At most PEAK_PAIRS pairs, flattened [min0, max0, min1, max1, …] and normalised to the track's own
   * loudest sample, so a quiet recording still draws a full-height waveform (silence stays 0).
   */
  finish(): number[] {
    const count = this.mins.length;
    const pairs = Math.min(PEAK_PAIRS, count);
    let peak = 0;
    for (let i = 0; i < count; i++) peak = Math.max(peak, Math.abs(this.mins[i]!), Math.abs(this.maxs[i]!));
    const scale = peak > 0 ? 1 / peak : 0;
    const out: number[] = [];
    for (let p = 0; p < pairs; p++) {
      const from = Math.floor((p * count) / pairs);
      const to = Math.max(from + 1, Math.floor(((p + 1) * count) / pairs));
      let min = 0;
      let max = 0;
      for (let i = from; i < to; i++) {
        min = Math.min(min, this.mins[i]!);
        max = Math.max(max, this.maxs[i]!);
      }
      out.push(round(min * scale), round(max * scale));
    }
    return out;
  }
}

/** Four decimals: finer than any screen shows, and a quarter of the JSON of full floats. */
const round = (v: number) => Math.round(Math.max(-1, Math.min(1, v)) * 10_000) / 10_000;
