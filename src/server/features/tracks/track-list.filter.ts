import { createHash } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import { isFiltered, type TrackFilter } from '../../../shared/track-filter';
import { intArray } from '../../db/int-array';
import { shownBpmSql, shownKeySql } from './track-list.tempo-key';

/**
 * The journal filter (issue 23, decision 0270) as SQL over `tracks t`, ANDed to `t.user_id = …`.
 * Every condition is evaluated on the owner's tracks as the order index yields them
 * (tracks_user_uploaded_order_idx / tracks_user_file_date_order_idx), so a page stops at its limit;
 * a date range becomes that index's own range condition, and equipment is answered by
 * track_equipment_tags' indexes. The text (`q`) is matched and ranked by track-list.match.ts.
 */

/** The file-date order's key (tracks_user_file_date_order_idx): undated sort as -infinity. */
const FILE_DATE_KEY = sql`coalesce(t.file_created_at, '-infinity'::timestamptz)`;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** `column >= from` and `column <= to`: a day means the whole UTC day, else the instant itself. */
function dateRange(column: SQL, from: string | undefined, to: string | undefined): SQL[] {
  const parts: SQL[] = [];
  if (from) {
    parts.push(
      DAY.test(from)
        ? sql`${column} >= (${from}::date)::timestamp at time zone 'UTC'`
        : sql`${column} >= ${from}::timestamptz`,
    );
  }
  if (to) {
    parts.push(
      DAY.test(to)
        ? sql`${column} < (${to}::date + 1)::timestamp at time zone 'UTC'`
        : sql`${column} <= ${to}::timestamptz`,
    );
  }
  return parts;
}

/**
 * The conditions of the filter but its text, or none when they filter nothing. The text is matched
 * and ranked by track-list.match.ts (issue 42, decision 0570).
 */
export function trackFilterSql(filter: TrackFilter): SQL | undefined {
  const parts: SQL[] = [];
  if (filter.equipment?.length) {
    // ANY of the ids (decision 0270), as one array parameter.
    parts.push(sql`exists (select 1 from track_equipment_tags te
      where te.track_id = t.id and te.equipment_tag_id = any(${intArray(filter.equipment)}))`);
  }
  if (filter.visibility) parts.push(sql`t.visibility = ${filter.visibility}`);
  if (filter.state) parts.push(sql`t.processing_state = ${filter.state}`);
  if (filter.format) parts.push(sql`t.mime_type = ${`audio/${filter.format}`}`);
  if (filter.from || filter.to) {
    // Written on the order index's own expressions, so the range is an index condition.
    const byFileDate = filter.dateField === 'created';
    parts.push(...dateRange(byFileDate ? FILE_DATE_KEY : sql`t.created_at`, filter.from, filter.to));
    // An undated file has no date in any range (its key, -infinity, is below every `to`).
    if (byFileDate && !filter.from) parts.push(sql`${FILE_DATE_KEY} > '-infinity'::timestamptz`);
  }
  // The tempo and key the track shows, as its JSON writes them (decision 0822).
  if (filter.bpmFrom !== undefined) parts.push(sql`${shownBpmSql} >= ${filter.bpmFrom}::float8`);
  if (filter.bpmTo !== undefined) parts.push(sql`${shownBpmSql} <= ${filter.bpmTo}::float8`);
  if (filter.key) parts.push(sql`${shownKeySql} = ${filter.key}`);
  return parts.length ? sql.join(parts, sql` and `) : undefined;
}

/**
 * The filter as normalised (the query schema sorts the ids and lower-cases the format; `dateField`
 * only with a date, tempo and key only when set): one text per filter that trackFilterSql or the
 * text match reads differently. Empty when nothing filters. The first page's counts are kept under
 * it (track-list.count-cache.ts, decision 0900): every field either reads must be in it.
 */
export function trackFilterText(filter: TrackFilter): string {
  if (!isFiltered(filter)) return '';
  const { q, equipment, visibility, state, format, from, to, bpmFrom, bpmTo, key } = filter;
  const dateField = from || to ? (filter.dateField ?? 'uploaded') : undefined;
  const normal = [
    q ?? null,
    equipment ?? [],
    visibility ?? null,
    state ?? null,
    format ?? null,
    from ?? null,
    to ?? null,
    dateField ?? null,
    // Only when set, so a cursor given before tempo and key existed still reads (decision 0822).
    ...(bpmFrom !== undefined || bpmTo !== undefined || key
      ? [bpmFrom ?? null, bpmTo ?? null, key ?? null]
      : []),
  ];
  return JSON.stringify(normal);
}

/**
 * What a cursor is checked against: a short hash of the filter as normalised (trackFilterText), so
 * a cursor of one filter is refused with another. Empty when nothing filters, which keeps
 * unfiltered cursors as they were (decision 0064).
 */
export function trackFilterKey(filter: TrackFilter): string {
  const text = trackFilterText(filter);
  return text && createHash('sha256').update(text).digest('base64url').slice(0, 16);
}
