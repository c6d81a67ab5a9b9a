import type { AudioTap } from './analyse-audio';
import { FloatChunks } from './float-chunks';
import { loadSharp } from './sharp';
import { SPECTROGRAM, SpectrogramColumns } from './spectrogram-columns';

/**
 * A take's spectrogram (issue 47, decision 0842): a further tap of the media job's one ffmpeg decode,
 * drawn as a WebP and stored beside the peaks under a key derived from theirs, so the blob-deletions
 * outbox removes it with them (blobKeysOf) and no column names it.
 */
const PEAKS_SUFFIX = '.peaks.json';

/** Where the spectrogram of a peaks file lives; undefined for a key processing never makes. */
export function spectrogramKey(peaksKey: string): string | undefined {
  if (!peaksKey.startsWith('tracks/') || !peaksKey.endsWith(PEAKS_SUFFIX)) return undefined;
  return `${peaksKey.slice(0, -PEAKS_SUFFIX.length)}.spectrogram.webp`;
}

/** The spectrogram a peaks file may have, as a list (none for any other key). */
export const spectrogramKeysOf = (peaksKey: string): string[] => {
  const key = spectrogramKey(peaksKey);
  return key ? [key] : [];
};

/** How far below the loudest cell the picture goes black (dB). */
const DYNAMIC_RANGE_DB = 90;
/** A dark-to-bright palette (black, indigo, magenta, orange, pale yellow): loud reads as bright. */
const PALETTE: ReadonlyArray<readonly [number, number, number]> = [
  [0, 0, 4],
  [40, 11, 84],
  [101, 21, 110],
  [159, 42, 99],
  [212, 72, 66],
  [245, 125, 21],
  [250, 193, 39],
  [252, 255, 164],
];

function colourOf(level: number): readonly [number, number, number] {
  const x = Math.min(1, Math.max(0, level)) * (PALETTE.length - 1);
  const i = Math.min(PALETTE.length - 2, Math.floor(x));
  const t = x - i;
  const [a, b] = [PALETTE[i]!, PALETTE[i + 1]!];
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t] as const;
}

/**
 * The columns as raw RGB pixels, SPECTROGRAM.width × height, time left to right (stretched or
 * squeezed to the width, so the picture spans the take as the waveform does), low notes at the bottom.
 */
export function spectrogramPixels(columns: Float64Array[]): Buffer {
  const { width, height } = SPECTROGRAM;
  const pixels = Buffer.alloc(width * height * 3);
  if (columns.length === 0) return pixels;
  let loudest = Number.NEGATIVE_INFINITY;
  const decibels = columns.map((column) =>
    column.map((power) => {
      const db = 10 * Math.log10(power + 1e-20);
      loudest = Math.max(loudest, db);
      return db;
    }),
  );
  for (let x = 0; x < width; x += 1) {
    const column = decibels[Math.min(columns.length - 1, Math.floor((x * columns.length) / width))]!;
    for (let row = 0; row < height; row += 1) {
      const level = 1 - (loudest - column[row]!) / DYNAMIC_RANGE_DB;
      const [r, g, b] = colourOf(level);
      const i = ((height - 1 - row) * width + x) * 3;
      pixels[i] = r;
      pixels[i + 1] = g;
      pixels[i + 2] = b;
    }
  }
  return pixels;
}

export interface SpectrogramTap extends AudioTap {
  /** The picture as WebP, once ffmpeg has ended (call after analyseAudio resolved). */
  render(): Promise<Buffer>;
}

/** A tap of mono float PCM at SPECTROGRAM.sampleRate, reduced to columns as it arrives. */
export function spectrogramTap(durationSeconds?: number | null): SpectrogramTap {
  // The probed length, when known, spares analysing the start densely (merged away later).
  const columns = new SpectrogramColumns(
    durationSeconds ? durationSeconds * SPECTROGRAM.sampleRate : undefined,
  );
  const chunks = new FloatChunks();
  return {
    filters: `aresample=${SPECTROGRAM.sampleRate},aformat=sample_fmts=flt:channel_layouts=mono`,
    format: 'f32le',
    push(chunk) {
      columns.pushAll(chunks.samples(chunk));
    },
    finish: () => ({}),
    async render() {
      const sharp = await loadSharp();
      const raw = { width: SPECTROGRAM.width, height: SPECTROGRAM.height, channels: 3 as const };
      return sharp(spectrogramPixels(columns.finish()), { raw }).webp({ quality: 80 }).toBuffer();
    },
  };
}
