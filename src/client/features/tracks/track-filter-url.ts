import { MUSICAL_KEYS } from '../../../shared/musical-keys';
import { BPM_LIMITS } from '../../../shared/take-tempo-key';
import {
  TRACK_DATE_FIELDS,
  TRACK_FILTER_KEYS,
  TRACK_FILTER_LIMITS,
  type TrackDateField,
  type TrackFilter,
} from '../../../shared/track-filter';

/**
 * The journal filter in the page's query string (decision 0272), so the back button and a shared
 * link bring it back. Read leniently: a value this version cannot use is dropped, not an error.
 * Dates stay days (YYYY-MM-DD) here; toApiParams turns them into the instants of the reader's days.
 */
const VISIBILITIES = ['private', 'public'] as const;
const STATES = ['pending', 'ready', 'failed'] as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const oneOf = <T extends string>(values: readonly T[], v: string | null): T | undefined =>
  values.includes(v as T) ? (v as T) : undefined;

/** A tempo bound GET /api/tracks takes (0–400 BPM); anything else is no bound. */
function bpm(v: string | null): number | undefined {
  const value = Number(v);
  return v && Number.isFinite(value) && value >= 0 && value <= BPM_LIMITS.max ? value : undefined;
}

export function readFilter(search: string): TrackFilter {
  const p = new URLSearchParams(search);
  const day = (v: string | null) => (v && DAY.test(v) ? v : undefined);
  const ids = (p.get('equipment') ?? '')
    .split(',')
    .map(Number)
    .filter((n) => Number.isSafeInteger(n) && n > 0)
    .slice(0, TRACK_FILTER_LIMITS.equipment);
  const filter: TrackFilter = {
    q: p.get('q')?.slice(0, TRACK_FILTER_LIMITS.q) || undefined,
    equipment: ids.length ? ids : undefined,
    visibility: oneOf(VISIBILITIES, p.get('visibility')),
    state: oneOf(STATES, p.get('state')),
    format: /^[a-zA-Z0-9][a-zA-Z0-9.+-]{0,39}$/.test(p.get('format') ?? '')
      ? (p.get('format') as string)
      : undefined,
    from: day(p.get('from')),
    to: day(p.get('to')),
    dateField: oneOf<TrackDateField>(TRACK_DATE_FIELDS, p.get('dateField')),
    bpmFrom: bpm(p.get('bpmFrom')),
    bpmTo: bpm(p.get('bpmTo')),
    key: MUSICAL_KEYS.includes(p.get('key') ?? '') ? (p.get('key') as string) : undefined,
  };
  return Object.fromEntries(Object.entries(filter).filter(([, v]) => v !== undefined)) as TrackFilter;
}

/** The filter as the page's query string (without '?'); empty when nothing filters. */
export function writeFilter(filter: TrackFilter): string {
  const p = new URLSearchParams();
  for (const key of TRACK_FILTER_KEYS) {
    const value = filter[key];
    // Upload dates are the default: only the other choice is written. Ids go as "1,2".
    // A tempo bound of 0 is a bound all the same.
    const written =
      key === 'dateField'
        ? value === 'created'
        : Array.isArray(value)
          ? value.length
          : typeof value === 'number' || value;
    if (written) p.set(key, String(value));
  }
  return p.toString();
}

const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, '0');

/** The local time `y-m-d h:m:s.us` of this browser as an ISO instant with its offset that day. */
function localInstant(day: string, end: boolean): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const at = end ? new Date(y, m - 1, d, 23, 59, 59, 999) : new Date(y, m - 1, d);
  const offset = -at.getTimezoneOffset();
  const sign = offset < 0 ? '-' : '+';
  const zone = `${sign}${pad(Math.trunc(offset / 60))}:${pad(offset % 60)}`;
  // The server keeps microseconds: the last one of the day is still that day.
  return `${day}T${end ? '23:59:59.999999' : '00:00:00.000000'}${zone}`;
}

/** The GET /api/tracks parameters of the filter: days become the bounds of the reader's local days. */
export function toApiParams(filter: TrackFilter): string {
  const p = new URLSearchParams(writeFilter({ ...filter, from: undefined, to: undefined }));
  if (filter.from) p.set('from', localInstant(filter.from, false));
  if (filter.to) p.set('to', localInstant(filter.to, true));
  return p.toString();
}
