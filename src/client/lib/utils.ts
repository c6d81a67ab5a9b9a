import { type ClassValue, clsx } from 'clsx';
import { twMerge } from 'tailwind-merge';

/** Merge class names, letting later Tailwind utilities win over earlier ones. */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}

/**
 * tailwind-merge builds its class map on its first call, ~10 ms on a phone: done on its own while
 * the first screen waits for the network, it is not one more slice of the first render's work
 * (decision 0380).
 */
export function warmClassMerge(): void {
  twMerge('p-0 p-1');
}

/**
 * Images are stored once and served as size variants (spec section 9): `{url}-128.webp` for avatars
 * and thumbnails, `-256.webp` for covers. `version` (usually updatedAt) busts the browser cache after
 * a re-upload, since the variant URL itself does not change.
 */
export function imageVariant(
  url: string | null | undefined,
  size: 128 | 256,
  version?: string | Date | null,
): string | undefined {
  if (!url) return undefined;
  const src = `${url}-${size}.webp`;
  if (!version) return src;
  const stamp = new Date(version).getTime();
  return Number.isNaN(stamp) ? src : `${src}?v=${stamp}`;
}

/** First letter of a name, upper-cased, for avatar and tile fallbacks. */
export function initial(name: string | null | undefined): string {
  return (name?.trim().charAt(0) ?? '').toUpperCase() || '?';
}

const TILE_COLORS = [
  'bg-rose-500/80',
  'bg-amber-500/80',
  'bg-emerald-500/80',
  'bg-sky-500/80',
  'bg-violet-500/80',
  'bg-fuchsia-500/80',
  'bg-teal-500/80',
  'bg-orange-500/80',
];

/** A stable colour per item so a playlist keeps its tile colour between renders and sessions. */
export function tileColor(seed: string | number): string {
  const text = String(seed);
  let hash = 0;
  for (let i = 0; i < text.length; i++) hash = (hash * 31 + text.charCodeAt(i)) | 0;
  return TILE_COLORS[Math.abs(hash) % TILE_COLORS.length] ?? 'bg-slate-500/80';
}
