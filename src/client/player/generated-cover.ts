import { GENERATED_COVER_SIZES } from './media-artwork';

/**
 * The lock-screen cover of a track with no playlist cover and no owner's avatar (issue 25,
 * decision 0365): its waveform and its name on the app's dark ground, drawn on a canvas in each
 * of GENERATED_COVER_SIZES. A chunk of its own, loaded the first time such a track plays.
 */

/** The theme's colours (src/client/index.css, oklch) in sRGB hex, which every canvas accepts. */
const COLOURS = {
  top: '#14171e', // --color-card
  bottom: '#0c0e14', // --color-background
  glow: 'rgba(82, 208, 179, 0.22)', // --color-primary, faint
  wave: '#52d0b3', // --color-primary
  name: '#eef0f4', // --color-foreground
  brand: '#9a9ea8', // --color-muted-foreground
} as const;

export interface CoverInput {
  name: string;
  /** The server's min/max pairs (GET /api/tracks/{id}/waveform); null while there are none. */
  peaks: readonly number[] | null;
}

/**
 * `count` bar heights from 0 to 1: the loudest sample of each stretch, scaled so the track's own
 * loudest is 1 (a quiet recording still fills the cover). With no peaks, a gentle wave that the
 * name makes different for each track, so the cover is never blank.
 */
export function barHeights(peaks: readonly number[] | null, count: number, name = ''): number[] {
  if (!peaks || peaks.length === 0) {
    let seed = 0;
    for (const char of name) seed = (seed * 31 + char.charCodeAt(0)) % 997;
    return Array.from({ length: count }, (_, i) => 0.25 + 0.35 * Math.sin(i / 2.5 + seed) ** 2);
  }
  const bars = Array.from({ length: count }, (_, i) => {
    const from = Math.floor((i * peaks.length) / count);
    const to = Math.max(from + 1, Math.floor(((i + 1) * peaks.length) / count));
    let loudest = 0;
    for (let j = from; j < to && j < peaks.length; j++) loudest = Math.max(loudest, Math.abs(peaks[j] ?? 0));
    return loudest;
  });
  const top = Math.max(...bars);
  // A silent track: a thin line rather than a division by zero.
  return bars.map((bar) => (top > 0 ? Math.max(0.04, bar / top) : 0.04));
}

/** Up to two lines of `text` within `width`, the second cut with an ellipsis when it overflows. */
export function fitLines(ctx: CanvasRenderingContext2D, text: string, width: number): string[] {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = '';
  for (const [i, word] of words.entries()) {
    const candidate = line ? `${line} ${word}` : word;
    if (ctx.measureText(candidate).width <= width || !line) {
      line = candidate;
      continue;
    }
    if (lines.length === 1) {
      line = `${line} ${words.slice(i).join(' ')}`;
      break;
    }
    lines.push(line);
    line = word;
  }
  if (line) lines.push(line);
  // A word longer than the width (or the rest of a long name on the second line) ends in '…'.
  return lines.map((entry) => {
    if (ctx.measureText(entry).width <= width) return entry;
    let cut = entry;
    while (cut.length > 1 && ctx.measureText(`${cut}…`).width > width) cut = cut.slice(0, -1);
    return `${cut.trimEnd()}…`;
  });
}

/** Draws the cover on a `size` × `size` context. */
export function drawCover(ctx: CanvasRenderingContext2D, size: number, { name, peaks }: CoverInput) {
  const ground = ctx.createLinearGradient(0, 0, 0, size);
  ground.addColorStop(0, COLOURS.top);
  ground.addColorStop(1, COLOURS.bottom);
  ctx.fillStyle = ground;
  ctx.fillRect(0, 0, size, size);
  const glow = ctx.createRadialGradient(size * 0.2, size * 0.15, 0, size * 0.2, size * 0.15, size * 0.8);
  glow.addColorStop(0, COLOURS.glow);
  glow.addColorStop(1, 'rgba(82, 208, 179, 0)');
  ctx.fillStyle = glow;
  ctx.fillRect(0, 0, size, size);

  // The waveform, mirrored about a line a little above the middle, in rounded bars.
  const small = size < 200;
  const margin = size * 0.1;
  const count = small ? 20 : 40;
  const pitch = (size - 2 * margin) / count;
  const middle = small ? size / 2 : size * 0.44;
  const reach = size * (small ? 0.3 : 0.24);
  ctx.fillStyle = COLOURS.wave;
  for (const [i, height] of barHeights(peaks, count, name).entries()) {
    const h = Math.max(pitch * 0.6, height * reach * 2);
    const w = pitch * 0.6;
    const x = margin + i * pitch + (pitch - w) / 2;
    // roundRect is recent (Safari 16, Firefox 112): square bars elsewhere.
    if (typeof ctx.roundRect !== 'function') {
      ctx.fillRect(x, middle - h / 2, w, h);
      continue;
    }
    ctx.beginPath();
    ctx.roundRect(x, middle - h / 2, w, h, w / 2);
    ctx.fill();
  }

  // A notification icon is too small for words: the waveform says enough there.
  if (small) return;
  ctx.textBaseline = 'alphabetic';
  ctx.fillStyle = COLOURS.brand;
  ctx.font = `600 ${Math.round(size * 0.045)}px Inter, system-ui, sans-serif`;
  ctx.fillText('Journal', margin, margin + size * 0.045);
  const fontSize = Math.round(size * 0.075);
  ctx.fillStyle = COLOURS.name;
  ctx.font = `700 ${fontSize}px Inter, system-ui, sans-serif`;
  const lines = fitLines(ctx, name, size - 2 * margin);
  const lineHeight = fontSize * 1.2;
  const first = size - margin - (lines.length - 1) * lineHeight;
  for (const [i, line] of lines.entries()) ctx.fillText(line, margin, first + i * lineHeight);
}

const toBlob = (canvas: HTMLCanvasElement) =>
  new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));

/**
 * The cover as Media Session artwork: one PNG object URL per size, largest first. The caller owns
 * the URLs (revoke them when the track changes). Empty where the browser draws no canvas.
 */
export async function generateCover(input: CoverInput): Promise<MediaImage[]> {
  const images: MediaImage[] = [];
  for (const size of GENERATED_COVER_SIZES) {
    const canvas = document.createElement('canvas');
    canvas.width = size;
    canvas.height = size;
    const ctx = canvas.getContext('2d');
    if (!ctx) break;
    drawCover(ctx, size, input);
    const blob = await toBlob(canvas);
    if (!blob) break;
    images.push({ src: URL.createObjectURL(blob), sizes: `${size}x${size}`, type: 'image/png' });
  }
  if (images.length < GENERATED_COVER_SIZES.length) {
    for (const image of images) URL.revokeObjectURL(image.src);
    return [];
  }
  return images;
}
