/**
 * The journal's orders, apart from the zod schemas in schemas/tracks.ts (which re-exports them):
 * the client's journal sorts with these on its first paint, and importing them from the schema
 * module put all of zod on that route (decision 0074).
 */
export const TRACK_SORTS = ['dateUploaded', 'dateCreated'] as const;
export type TrackSort = (typeof TRACK_SORTS)[number];

const time = (iso: string | null) => (iso ? Date.parse(iso) : Number.NEGATIVE_INFINITY);

/**
 * The journal's two orders (spec section 2), the same as GET /api/tracks?sort= gives: newest upload
 * first, or newest file date first with undated files last; ties newest upload, then highest id.
 */
export function sortTracks<T extends { id: number; createdAt: string; fileCreatedAt: string | null }>(
  tracks: T[],
  sort: TrackSort,
): T[] {
  const byUpload = (a: T, b: T) => time(b.createdAt) - time(a.createdAt) || b.id - a.id;
  const byFileDate = (a: T, b: T) => time(b.fileCreatedAt) - time(a.fileCreatedAt) || byUpload(a, b);
  return [...tracks].sort(sort === 'dateCreated' ? byFileDate : byUpload);
}
