import { loadSharp } from './sharp';

/**
 * A track's square waveform tile: its cover art in Subsonic apps (issue 46, decision 0790). Drawn
 * from the stored peaks on first request and stored beside them, at the sizes of TILE_SIZES only,
 * so the keys a peaks file has are known: when its peaks go (the track, one of its versions, the
 * account), the blob-deletions outbox removes its tiles with it (blobKeysOf).
 */
export const TILE_SIZES = [64, 128, 256, 512, 1024] as const;
export const LARGEST_TILE = TILE_SIZES.at(-1)!;

const PEAKS_SUFFIX = '.peaks.json';

/** Where the tile of `size` pixels of a peaks file lives; undefined for a key processing never makes. */
export function tileKey(peaksKey: string, size: number): string | undefined {
  if (!peaksKey.startsWith('tracks/') || !peaksKey.endsWith(PEAKS_SUFFIX)) return undefined;
  return `${peaksKey.slice(0, -PEAKS_SUFFIX.length)}.tile-${size}.webp`;
}

/** Every tile a peaks file may have (none for any other key). */
export function tileKeysOf(peaksKey: string): string[] {
  return TILE_SIZES.flatMap((size) => tileKey(peaksKey, size) ?? []);
}

const BACKGROUND = [0x14, 0x16, 0x1d] as const;
const WAVE = [0x67, 0xd8, 0xc4] as const;
/** The most bars a tile has, and the fewest pixels each takes with its gap: a cover is a glance. */
const MAX_BARS = 48;
const MIN_SLOT = 6;

function fill(pixels: Buffer, size: number, x0: number, x1: number, y0: number, y1: number) {
  for (let y = y0; y < y1; y += 1) {
    for (let x = x0; x < x1; x += 1) {
      const i = (y * size + x) * 3;
      pixels[i] = WAVE[0];
      pixels[i + 1] = WAVE[1];
      pixels[i + 2] = WAVE[2];
    }
  }
}

/**
 * The loudness of each bar: the loudest min/max pair of its slice of `peaks` (min/max pairs in
 * -1..1, as the waveform stores them). No peaks (still processing) gives silence: a flat line.
 */
function barLevels(peaks: number[], bars: number): number[] {
  const pairs = Math.floor(peaks.length / 2);
  return Array.from({ length: bars }, (_, b) => {
    if (pairs === 0) return 0;
    const from = Math.floor((b * pairs) / bars);
    const to = Math.max(from + 1, Math.floor(((b + 1) * pairs) / bars));
    let level = 0;
    for (let p = from; p < to && p < pairs; p += 1) {
      level = Math.max(level, Math.abs(peaks[2 * p] ?? 0), Math.abs(peaks[2 * p + 1] ?? 0));
    }
    return Math.min(1, level);
  });
}

/**
 * The tile as WebP, `size` pixels square: bars centred on a dark ground, drawn into raw pixels as
 * the link-preview picture is (og-image.ts: this process decodes only the upload formats, so no SVG).
 */
export async function renderWaveformTile(peaks: number[], size: number): Promise<Buffer> {
  const pixels = Buffer.alloc(size * size * 3);
  for (let i = 0; i < pixels.length; i += 3) {
    pixels[i] = BACKGROUND[0];
    pixels[i + 1] = BACKGROUND[1];
    pixels[i + 2] = BACKGROUND[2];
  }
  const margin = Math.round(size * 0.1);
  const bars = Math.max(1, Math.min(MAX_BARS, Math.floor((size - 2 * margin) / MIN_SLOT)));
  const slot = (size - 2 * margin) / bars;
  const width = Math.max(1, Math.floor(slot * 0.6));
  const middle = Math.floor(size / 2);
  const reach = (size - 2 * margin) / 2;
  for (const [b, level] of barLevels(peaks, bars).entries()) {
    const half = Math.max(1, Math.round(level * reach));
    const x0 = margin + Math.floor(b * slot);
    fill(pixels, size, x0, Math.min(size, x0 + width), middle - half, Math.min(size, middle + half));
  }
  const sharp = await loadSharp();
  return sharp(pixels, { raw: { width: size, height: size, channels: 3 } })
    .webp({ quality: 80 })
    .toBuffer();
}

/** A stored WebP made smaller: `size` pixels square (what getCoverArt's `size` asks for). */
export async function shrinkWebp(image: Buffer, size: number): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(image).resize(size, size, { fit: 'cover' }).webp({ quality: 82 }).toBuffer();
}
