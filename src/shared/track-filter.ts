/**
 * The journal filter (issue 23), apart from the zod schema in schemas/track-list.ts: the client's
 * first route reads and writes it in the URL without loading zod (decision 0074).
 */

/** Which date `from`/`to` bound: the upload (Date Added) or the file's own date (Date Created). */
export const TRACK_DATE_FIELDS = ['uploaded', 'created'] as const;
export type TrackDateField = (typeof TRACK_DATE_FIELDS)[number];

/** The query parameters of GET /api/tracks that filter, in the order a URL writes them. */
export const TRACK_FILTER_KEYS = [
  'q',
  'equipment',
  'visibility',
  'state',
  'format',
  'from',
  'to',
  'dateField',
] as const;

/** At most this many equipment ids in one filter; the text at most this long. */
export const TRACK_FILTER_LIMITS = { equipment: 20, q: 100 } as const;

/** A filtered request without `limit` gets pages of this size. */
export const TRACK_FILTER_PAGE_SIZE = 100;

/** The filter as the URL holds it: absent fields do not filter. Dates are YYYY-MM-DD or ISO instants. */
export interface TrackFilter {
  q?: string;
  equipment?: number[];
  visibility?: 'private' | 'public';
  state?: 'pending' | 'ready' | 'failed';
  /** The mime subtype, as the track card shows it (`mpeg`, `wav`, `flac`…). */
  format?: string;
  from?: string;
  to?: string;
  dateField?: TrackDateField;
}

/** Whether anything narrows the list (`dateField` alone does not). */
export function isFiltered(filter: TrackFilter): boolean {
  return Boolean(
    filter.q ||
      filter.equipment?.length ||
      filter.visibility ||
      filter.state ||
      filter.format ||
      filter.from ||
      filter.to,
  );
}
