import { keySortIndex } from './musical-keys';

/**
 * The journal's orders, apart from the zod schemas in schemas/tracks.ts (which re-exports them):
 * the client's journal sorts with these on its first paint, and importing them from the schema
 * module put all of zod on that route (decision 0074).
 */
export const TRACK_SORTS = ['dateUploaded', 'dateCreated', 'tempo', 'key'] as const;
export type TrackSort = (typeof TRACK_SORTS)[number];

/** What the orders read of a track: its dates, id, and the tempo and key it shows (issue 47). */
export interface SortableTrack {
  id: number;
  createdAt: string;
  fileCreatedAt: string | null;
  /** The shown tempo (the owner's, else the measured one), to the tenth. */
  bpm: number | null;
  /** The shown key, spelt as in MUSICAL_KEYS. */
  musicalKey: string | null;
}

const time = (iso: string | null) => (iso ? Date.parse(iso) : Number.NEGATIVE_INFINITY);

/** Smallest first, none last; 0 when equal (both none included). */
const ascendingNoneLast = (a: number | null, b: number | null) =>
  a === b ? 0 : a === null ? 1 : b === null ? -1 : a - b;

/**
 * The journal's orders (spec section 2, issue 47), the same as GET /api/tracks?sort= gives: newest
 * upload first; newest file date first with undated files last; slowest tempo first; or keys in
 * musical order (KEY_ORDER). Tracks without a tempo or key go last; ties newest upload, then
 * highest id.
 */
export function sortTracks<T extends SortableTrack>(tracks: T[], sort: TrackSort): T[] {
  const byUpload = (a: T, b: T) => time(b.createdAt) - time(a.createdAt) || b.id - a.id;
  const compare: Record<TrackSort, (a: T, b: T) => number> = {
    dateUploaded: byUpload,
    dateCreated: (a, b) => time(b.fileCreatedAt) - time(a.fileCreatedAt) || byUpload(a, b),
    tempo: (a, b) => byShownValue('tempo', a, b) || byUpload(a, b),
    key: (a, b) => byShownValue('key', a, b) || byUpload(a, b),
  };
  return [...tracks].sort(compare[sort]);
}

/**
 * The tempo or key order before its ties: slowest, or first in KEY_ORDER, first; none last; 0 on a
 * tie. A stable sort with it of a list already newest upload first gives the whole order.
 */
export function byShownValue(sort: 'tempo' | 'key', a: SortableTrack, b: SortableTrack): number {
  return sort === 'tempo'
    ? ascendingNoneLast(a.bpm, b.bpm)
    : ascendingNoneLast(keySortIndex(a.musicalKey), keySortIndex(b.musicalKey));
}
