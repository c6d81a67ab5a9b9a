import { realFft } from './fft';

/**
 * A spectrogram made as the audio streams past (issue 47, decision 0842): short-time power spectra
 * on log-spaced frequency rows, averaged into at most 2 × SPECTROGRAM.width columns. When the
 * columns outgrow that, neighbours are merged and each later column covers twice the time, so the
 * memory is a few megabytes whatever the take's length, and the length need not be known ahead.
 */
export const SPECTROGRAM = {
  /** Mono PCM rate of the tap: up to 11 kHz shows every instrument's body and most of its air. */
  sampleRate: 22_050,
  /** FFT window (samples): 93 ms, about 11 Hz per bin. */
  window: 2048,
  /** The first hop (samples, 75 % overlap); it grows to a whole window as long takes merge columns. */
  firstHop: 512,
  width: 1024,
  height: 256,
  /** The lowest and highest frequencies shown (Hz), on a log scale as ears hear them. */
  lowHz: 30,
  highHz: 11_025,
} as const;

/** For each image row (bottom = lowest), the FFT bins it averages: [from, to). */
function rowBins(): Array<[number, number]> {
  const { window, sampleRate, height, lowHz, highHz } = SPECTROGRAM;
  const binHz = sampleRate / window;
  const maxBin = window / 2;
  return Array.from({ length: height }, (_, row) => {
    const f0 = lowHz * (highHz / lowHz) ** (row / height);
    const f1 = lowHz * (highHz / lowHz) ** ((row + 1) / height);
    const from = Math.min(maxBin - 1, Math.floor(f0 / binHz));
    return [from, Math.min(maxBin, Math.max(from + 1, Math.ceil(f1 / binHz)))];
  });
}

/** Windows averaged into one column at most: past that, the hop outgrows the window and skips. */
const MAX_WINDOWS_PER_COLUMN = 4;

export class SpectrogramColumns {
  private readonly rows = rowBins();
  private readonly hann = Float64Array.from(
    { length: SPECTROGRAM.window },
    (_, i) => 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / (SPECTROGRAM.window - 1)),
  );
  private readonly frame = new Float64Array(SPECTROGRAM.window);
  private readonly windowed = new Float64Array(SPECTROGRAM.window);
  private readonly re = new Float64Array(SPECTROGRAM.window / 2 + 1);
  private readonly im = new Float64Array(SPECTROGRAM.window / 2 + 1);
  private filled = 0;
  /** Samples still to drop before the next window (a hop longer than the window). */
  private skip = 0;
  private hop: number = SPECTROGRAM.firstHop;
  /** Windows averaged into one column; doubles once the hop has reached a whole window. */
  private windowsPerColumn = 1;
  private current = new Float64Array(SPECTROGRAM.height);
  private windowsInCurrent = 0;
  readonly columns: Float64Array[] = [];
  /** Windows analysed so far (what the spectrogram costs: one FFT each). */
  analysed = 0;

  /**
   * With the take's expected length (samples at SPECTROGRAM.sampleRate), starts at the spacing its
   * columns would reach by merging: the same picture, without analysing the start densely first.
   */
  constructor(expectedSamples?: number) {
    if (!expectedSamples) return;
    while (expectedSamples / (this.hop * this.windowsPerColumn) >= 2 * SPECTROGRAM.width) this.widen();
  }

  push(sample: number) {
    if (this.skip > 0) {
      this.skip -= 1;
      return;
    }
    this.frame[this.filled] = sample;
    this.filled += 1;
    if (this.filled < SPECTROGRAM.window) return;
    this.analyseFrame();
    if (this.hop <= SPECTROGRAM.window) {
      this.frame.copyWithin(0, this.hop);
      this.filled = SPECTROGRAM.window - this.hop;
    } else {
      this.filled = 0;
      this.skip = this.hop - SPECTROGRAM.window;
    }
  }

  /** Every sample of a chunk, in order. */
  pushAll(samples: Float32Array) {
    for (let i = 0; i < samples.length; i += 1) this.push(samples[i]!);
  }

  /** The columns, the partial last one included; none for audio shorter than a window. */
  finish(): Float64Array[] {
    if (this.windowsInCurrent > 0) this.closeColumn();
    return this.columns;
  }

  private analyseFrame() {
    const { re, im, hann, frame, windowed } = this;
    for (let i = 0; i < windowed.length; i += 1) windowed[i] = frame[i]! * hann[i]!;
    realFft(windowed, re, im);
    this.analysed += 1;
    for (let row = 0; row < this.rows.length; row += 1) {
      const [from, to] = this.rows[row]!;
      let sum = 0;
      for (let k = from; k < to; k += 1) sum += re[k]! * re[k]! + im[k]! * im[k]!;
      this.current[row]! += sum / (to - from);
    }
    this.windowsInCurrent += 1;
    if (this.windowsInCurrent >= this.windowsPerColumn) this.closeColumn();
  }

  private closeColumn() {
    const column = this.current.map((power) => power / this.windowsInCurrent);
    this.columns.push(column);
    this.current = new Float64Array(SPECTROGRAM.height);
    this.windowsInCurrent = 0;
    if (this.columns.length >= 2 * SPECTROGRAM.width) this.mergeNeighbours();
  }

  /** Halves the columns (each the mean of two) and makes each later column cover twice the time. */
  private mergeNeighbours() {
    const merged: Float64Array[] = [];
    for (let i = 0; i + 1 < this.columns.length; i += 2) {
      const a = this.columns[i]!;
      const b = this.columns[i + 1]!;
      merged.push(a.map((power, row) => (power + b[row]!) / 2));
    }
    this.columns.splice(0, this.columns.length, ...merged);
    this.widen();
  }

  /**
   * Each later column covers twice the time: the hop doubles up to a whole window, then the windows
   * a column averages, up to MAX_WINDOWS_PER_COLUMN, then the hop again (skipping between windows),
   * so a take of any length costs at most that many FFTs a column. push() drops `hop` samples after
   * this window: the next window starts two old hops on.
   */
  private widen() {
    if (this.hop < SPECTROGRAM.window || this.windowsPerColumn >= MAX_WINDOWS_PER_COLUMN) {
      this.hop *= 2;
    } else {
      this.windowsPerColumn *= 2;
    }
  }
}
