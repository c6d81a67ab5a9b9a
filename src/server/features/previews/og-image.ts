import { loadSharp } from '../../media/sharp';
import { escapeHtml } from './meta-tags';
import { OG_IMAGE } from './previews.service';

const { width: W, height: H } = OG_IMAGE;
const MARGIN = 60;
const BACKGROUND = [0x14, 0x16, 0x1d] as const;
const WAVE = [0x67, 0xd8, 0xc4] as const;
const WAVE_TOP = 300;
const WAVE_HEIGHT = 250;
const BAR = 4;
const GAP = 2;

/**
 * The bars of a waveform, drawn straight into raw RGB pixels: this process lets sharp decode only
 * the four upload formats (decision 0242), so the picture is not an SVG; `peaks` are min/max pairs
 * in -1..1 (waveformSchema). Each bar is the loudest pair of its slice, at least a pixel tall.
 */
function drawWaveform(pixels: Buffer, peaks: number[]) {
  const bars = Math.floor((W - 2 * MARGIN + GAP) / (BAR + GAP));
  const pairs = Math.floor(peaks.length / 2);
  const middle = WAVE_TOP + WAVE_HEIGHT / 2;
  for (let b = 0; b < bars; b += 1) {
    let level = 0;
    if (pairs > 0) {
      const from = Math.floor((b * pairs) / bars);
      const to = Math.max(from + 1, Math.floor(((b + 1) * pairs) / bars));
      for (let p = from; p < to && p < pairs; p += 1) {
        level = Math.max(level, Math.abs(peaks[2 * p] ?? 0), Math.abs(peaks[2 * p + 1] ?? 0));
      }
    }
    const half = Math.max(1, Math.round((Math.min(1, level) * WAVE_HEIGHT) / 2));
    const x0 = MARGIN + b * (BAR + GAP);
    for (let y = middle - half; y < middle + half; y += 1) {
      for (let x = x0; x < x0 + BAR; x += 1) {
        const i = (y * W + x) * 3;
        pixels[i] = WAVE[0];
        pixels[i + 1] = WAVE[1];
        pixels[i + 2] = WAVE[2];
      }
    }
  }
}

/** A line of text as a transparent PNG; Pango markup, so the text itself is escaped. */
async function textImage(text: string, font: string, colour: string, box: { width: number; height: number }) {
  const markup = `<span foreground="${colour}">${escapeHtml(text)}</span>`;
  const sharp = await loadSharp();
  const natural = await sharp({
    text: { text: markup, font, width: box.width, wrap: 'word-char', rgba: true },
  })
    .png()
    .toBuffer({ resolveWithObject: true });
  if (natural.info.height <= box.height) return natural.data;
  // Too long for the box at this size: let libvips pick the size that fits.
  return sharp({ text: { text: markup, font, width: box.width, height: box.height, rgba: true } })
    .png()
    .toBuffer();
}

/**
 * The 1200×630 picture of a track's link preview (issue 24): its waveform, its name and its owner.
 * Names are cut to a sane length first; what still does not fit is shrunk to fit.
 */
export async function renderOgImage(input: {
  peaks: number[];
  title: string;
  author: string;
}): Promise<Buffer> {
  const pixels = Buffer.alloc(W * H * 3);
  for (let i = 0; i < pixels.length; i += 3) {
    pixels[i] = BACKGROUND[0];
    pixels[i + 1] = BACKGROUND[1];
    pixels[i + 2] = BACKGROUND[2];
  }
  drawWaveform(pixels, input.peaks);
  const cut = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);
  const [title, author, site] = await Promise.all([
    textImage(cut(input.title, 120), 'sans bold 56', '#ffffff', { width: W - 2 * MARGIN, height: 150 }),
    textImage(`by ${cut(input.author, 80)}`, 'sans 34', '#a8adbd', { width: W - 2 * MARGIN, height: 50 }),
    textImage('Journal', 'sans bold 28', '#67d8c4', { width: 400, height: 40 }),
  ]);
  const sharp = await loadSharp();
  return sharp(pixels, { raw: { width: W, height: H, channels: 3 } })
    .composite([
      { input: title, left: MARGIN, top: 50 },
      { input: author, left: MARGIN, top: 215 },
      { input: site, left: MARGIN, top: H - 60 },
    ])
    .png({ compressionLevel: 9, palette: true })
    .toBuffer();
}
