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
  'bpmFrom',
  'bpmTo',
  'key',
] as const;

/** At most this many equipment ids in one filter; the text at most this long. */
export const TRACK_FILTER_LIMITS = { equipment: 20, q: 100 } as const;

/** A filtered request without `limit` gets pages of this size. */
export const TRACK_FILTER_PAGE_SIZE = 100;

/**
 * GET /api/tracks without `limit` sends the whole journal as one array up to this many tracks
 * (about 1 KB each: well under the 5 MB a reply may weigh). A bigger journal gets its first
 * JOURNAL_PAGE_SIZE tracks as the array, with a `Link: <…>; rel="next"` header to the rest in pages
 * of that size (issue 48).
 */
export const WHOLE_JOURNAL_MAX_TRACKS = 5000;
export const JOURNAL_PAGE_SIZE = 1000;

/**
 * A first page counts the matching tracks up to this many (issue 48): past it, `total` is this and
 * `totalCapped` says there are more ("1,000+ of 100,000 tracks"), so counting never reads a whole
 * journal.
 */
export const TRACK_COUNT_CAP = 1000;

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
  /** Inclusive bounds on the tempo the track shows (the owner's, else the measured; decision 0822). */
  bpmFrom?: number;
  bpmTo?: number;
  /** One of MUSICAL_KEYS: the key the track shows, exactly (not its relative; decision 0822). */
  key?: string;
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
      filter.to ||
      filter.bpmFrom !== undefined ||
      filter.bpmTo !== undefined ||
      filter.key,
  );
}
