import { z } from 'zod';
import { normaliseKey } from '../musical-keys';
import { BPM_LIMITS } from '../take-tempo-key';
import { TRACK_DATE_FIELDS, TRACK_FILTER_LIMITS } from '../track-filter';
import { TRACK_SORTS } from '../track-order';
import { INT4_MAX, pageLimit } from './primitives';
import { PROCESSING_STATES, TRACK_VISIBILITIES, trackSchema } from './tracks';

/**
 * Page sizes of GET /api/tracks?limit= (decision 0064; up to 1,000 since issue 48: the big
 * journal's pages, JOURNAL_PAGE_SIZE of shared/track-filter.ts).
 */
export const TRACK_PAGE_LIMIT = { min: 1, max: 1000 } as const;

/** An empty parameter (`?q=&state=`, what a form sends) filters nothing. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_MESSAGE = 'must be a date (YYYY-MM-DD) or an ISO 8601 date-time with offset';
/** A day (the whole UTC day) or an instant; PostgreSQL reads both, the range is years 1–9999. */
const dateBound = (name: string) =>
  optional(
    z
      .string()
      .refine(
        (v) =>
          (DATE.test(v) ? z.iso.date() : z.iso.datetime({ offset: true })).safeParse(v).success &&
          !v.startsWith('0000'),
        `${name} ${DATE_MESSAGE}`,
      ),
  );
/** Where a bound starts, to compare `from` with `to` (a `to` day ends at its end). */
const boundTime = (v: string, end: boolean) =>
  DATE.test(v) ? Date.parse(`${v}T00:00:00Z`) + (end ? 86_400_000 - 1 : 0) : Date.parse(v);

const KEY_MESSAGE = 'key must be a key such as "A minor" or "F# major"';
/** A tempo bound: any BPM the filter bar's range allows (the owner may type 20–400). */
const bpmBound = (name: string) => {
  const message = `${name} must be a number from 0 to ${BPM_LIMITS.max}`;
  return optional(z.coerce.number({ error: message }).min(0, message).max(BPM_LIMITS.max, message));
};

const EQUIPMENT_MESSAGE = `equipment must be up to ${TRACK_FILTER_LIMITS.equipment} ids separated by commas`;

/**
 * GET /api/tracks: `sort`; for one page at a time `limit` with the previous page's `nextCursor`;
 * and the journal filter (issue 23, decision 0270). Without `limit` and without a filter the reply
 * is every track as a plain array (the spec's callers); otherwise a page.
 */
export const trackListQuerySchema = z
  .object({
    sort: z.enum(TRACK_SORTS).default('dateUploaded'),
    limit: pageLimit(TRACK_PAGE_LIMIT).optional(),
    // A text filter's cursor holds the last track's folded name (decision 0570): up to 400
    // characters of up to 3 bytes each, in base64.
    cursor: z.string().max(2500, 'cursor is not one this server gave').optional(),
    /** Case-insensitive text in the name, the notes or the name of the track's equipment. */
    q: optional(
      z
        .string()
        .trim()
        .max(TRACK_FILTER_LIMITS.q, `q must be at most ${TRACK_FILTER_LIMITS.q} characters`)
        // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
        .refine((v) => !/[\u0000-\u001f\u007f]/.test(v), 'q must not contain control characters')
        .transform((v) => v || undefined),
    ),
    /** Equipment ids, comma-separated: a track with ANY of them matches. */
    equipment: optional(
      z
        .string()
        .regex(/^\d{1,10}(,\d{1,10})*$/, EQUIPMENT_MESSAGE)
        .transform((v) => [...new Set(v.split(',').map(Number))].sort((a, b) => a - b))
        .refine((ids) => ids.length <= TRACK_FILTER_LIMITS.equipment, EQUIPMENT_MESSAGE)
        .refine(
          (ids) => ids.every((n) => n >= 1 && n <= INT4_MAX),
          'equipment ids must be from 1 to 2147483647',
        ),
    ),
    visibility: optional(z.enum(TRACK_VISIBILITIES, { error: 'visibility must be "private" or "public"' })),
    state: optional(
      z.enum(PROCESSING_STATES, { error: `state must be one of ${PROCESSING_STATES.join(', ')}` }),
    ),
    /** The audio format as the track card shows it: the mime subtype (`mpeg`, `wav`, `flac`…). */
    format: optional(
      z
        .string()
        .regex(/^[a-zA-Z0-9][a-zA-Z0-9.+-]{0,39}$/, 'format must be a mime subtype such as wav or mpeg')
        .transform((v) => v.toLowerCase()),
    ),
    /** Inclusive: a day from its start, or an instant. */
    from: dateBound('from'),
    /** Inclusive: a day to its end, or an instant. */
    to: dateBound('to'),
    /** Which date from/to bound: the upload (default) or the file's own date (undated tracks never match). */
    dateField: optional(z.enum(TRACK_DATE_FIELDS, { error: 'dateField must be "uploaded" or "created"' })),
    /** Inclusive: tracks showing at least this tempo (BPM); unmeasured tracks never match. */
    bpmFrom: bpmBound('bpmFrom'),
    /** Inclusive: tracks showing at most this tempo (BPM). */
    bpmTo: bpmBound('bpmTo'),
    /** A key in any usual spelling ("Am", "Bb major"): tracks showing exactly that key. */
    key: optional(
      z
        .string()
        .max(20, KEY_MESSAGE)
        .transform((v, ctx) => {
          const key = normaliseKey(v);
          if (key === null) ctx.addIssue({ code: 'custom', message: KEY_MESSAGE });
          return key ?? z.NEVER;
        }),
    ),
  })
  .refine((q) => q.cursor === undefined || q.limit !== undefined, {
    message: 'cursor needs limit',
    path: ['cursor'],
  })
  .refine((q) => !q.from || !q.to || boundTime(q.from, false) <= boundTime(q.to, true), {
    message: 'from must not be after to',
    path: ['from'],
  })
  .refine((q) => q.bpmFrom === undefined || q.bpmTo === undefined || q.bpmFrom <= q.bpmTo, {
    message: 'bpmFrom must not be above bpmTo',
    path: ['bpmFrom'],
  });
export type TrackListQuery = z.input<typeof trackListQuerySchema>;
export type ParsedTrackListQuery = z.output<typeof trackListQuerySchema>;

/**
 * One page of the journal: `nextCursor` is null on the last page. A first page (no cursor) also
 * counts: `total` tracks match the filter out of `all` the caller's tracks (decision 0271).
 */
export const trackPageSchema = z.object({
  items: z.array(trackSchema),
  nextCursor: z.string().nullable(),
  total: z.number().optional(),
  all: z.number().optional(),
  /**
   * On a first page whose filter matches more than TRACK_COUNT_CAP tracks: `total` is the cap, a
   * lower bound (issue 48). Absent otherwise.
   */
  totalCapped: z.literal(true).optional(),
});
export type TrackPage = z.infer<typeof trackPageSchema>;
