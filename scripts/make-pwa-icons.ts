/**
 * Draws the installable app's icons (issue 25, decision 0355) into src/client/public/icons/, once:
 * the PNGs are committed, and this script is run again only when the mark changes:
 *
 *   npx tsx scripts/make-pwa-icons.ts
 *
 * The mark is the landing page's: lucide's "music" glyph (eighth notes) in teal on a rounded tile
 * tinted with the teal (`bg-primary/15` over `bg-card`, ring `primary/30`). Colours are the sRGB of
 * the oklch tokens in src/client/index.css. Maskable icons fill the whole square and keep the
 * glyph inside the middle 80 % circle that every launcher mask leaves visible.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const OUT = path.resolve(import.meta.dirname, '../src/client/public/icons');

/** --color-primary, oklch(0.78 0.12 175). */
const PRIMARY = '#52d0b3';
/** --color-card with 15 % of the primary over it: the landing page's logo tile. */
const TILE = '#1d3334';

/** Lucide icons (24-unit viewBox, stroke 2, round caps and joins), as lucide-react 1.x draws them. */
const GLYPHS = {
  music:
    '<path d="M21 16V3a1 1 0 0 0-1.28-.96l-10 2.917a1 1 0 0 0-.72.96V19"/><circle cx="18" cy="16" r="3"/><circle cx="6" cy="19" r="3"/>',
  journal:
    '<path d="M12 5v16"/><path d="M20.001 19A2 2 0 0022 17V5a2 2 0 00-1.999-2L16 3.002A5 5 0 0012 5a5 5 0 00-4-2H4a2 2 0 00-2 2v12a2 2 0 001.999 2H8a5 5 0 014 2 5 5 0 014-2z"/>',
  search: '<path d="m21 21-4.34-4.34"/><circle cx="11" cy="11" r="8"/>',
} as const;

/** The glyph, `size` units wide, centred in a 512-unit square. */
function glyph(name: keyof typeof GLYPHS, size: number) {
  const scale = size / 24;
  const offset = (512 - size) / 2;
  return `<g transform="translate(${offset} ${offset}) scale(${scale})" fill="none" stroke="${PRIMARY}"
    stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${GLYPHS[name]}</g>`;
}

/** A rounded tile with a thin teal ring and a transparent corner: the "any" purpose icons. */
const tile = (name: keyof typeof GLYPHS) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">
  <rect x="16" y="16" width="480" height="480" rx="112" fill="${TILE}"/>
  <rect x="20" y="20" width="472" height="472" rx="108" fill="none" stroke="${PRIMARY}" stroke-opacity="0.3" stroke-width="8"/>
  ${glyph(name, 272)}
</svg>`;

/** Full-bleed square (launchers and iOS cut their own shape); the glyph within the safe circle. */
const fullBleed = (
  name: keyof typeof GLYPHS,
) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">
  <rect width="512" height="512" fill="${TILE}"/>
  ${glyph(name, 240)}
</svg>`;

const ICONS: { file: string; size: number; svg: string }[] = [
  { file: 'icon-192.png', size: 192, svg: tile('music') },
  { file: 'icon-512.png', size: 512, svg: tile('music') },
  { file: 'maskable-192.png', size: 192, svg: fullBleed('music') },
  { file: 'maskable-512.png', size: 512, svg: fullBleed('music') },
  { file: 'apple-touch-icon.png', size: 180, svg: fullBleed('music') },
  { file: 'shortcut-journal-96.png', size: 96, svg: tile('journal') },
  { file: 'shortcut-search-96.png', size: 96, svg: tile('search') },
];

mkdirSync(OUT, { recursive: true });
for (const { file, size, svg } of ICONS) {
  // Drawn at 512 and scaled down, so strokes stay proportionate at every size.
  await sharp(Buffer.from(svg))
    .resize(size, size)
    .png({ compressionLevel: 9, palette: false })
    .toFile(path.join(OUT, file));
  console.log(`${path.relative(process.cwd(), path.join(OUT, file))} (${size}×${size})`);
}
