import { type SQL, sql } from 'drizzle-orm';
import { TRACK_NAME_MAX, type TrackSort } from '../../../shared/schemas/tracks';
import type { RankKey } from '../../../shared/track-match';
import { HttpError } from '../../plugins/errors';
import { afterRank } from './track-list.match';
import { bpmTenthsSql, keyIndexSql } from './track-list.tempo-key';

/**
 * The journal list's orders in SQL and the cursor a page ends with (track-list.query.ts reads with
 * them). Each order equals shared sortTracks, ties included: the tests compare the two.
 */

/** Where a page ended: the last track's sort key, to the microsecond, and its id. */
export interface Cursor {
  sort: TrackSort;
  /** trackFilterKey of the filter the page was read with; '' unfiltered (then not written). */
  filter: string;
  createdAt: string;
  fileCreatedAt: string | null;
  id: number;
  /** The tempo and key orders' value (bpm_tenths, key_index; null for none): written only for them. */
  value?: number | null;
  /** A text filter's page: the last track's RankKey (issue 42, decision 0570). */
  rank?: RankKey;
}

const EXACT_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** The orders by a value of the track's (issue 47): their cursors carry it after the id. */
const valued = (sort: TrackSort) => sort === 'tempo' || sort === 'key';

/** The date orders' cursors keep the format they always had, so pages already handed out still read. */
export function encodeCursor(cursor: Cursor): string {
  const { sort, createdAt, fileCreatedAt, id, filter, rank } = cursor;
  const parts = [
    sort,
    createdAt,
    fileCreatedAt,
    id,
    ...(valued(sort) ? [cursor.value ?? null] : []),
    ...(filter ? [filter] : []),
    ...(rank ? [rank] : []),
  ];
  return Buffer.from(JSON.stringify(parts)).toString('base64url');
}

/** Where a track sits in every journal order: what the cursor after it is written from. */
export interface OrderKey {
  created: string;
  fileCreated: string | null;
  id: number;
  bpmTenths: number | null;
  keyIndex: number | null;
}

/** The cursor of the page after `last`, read in `sort` with the filter keyed `filter`. */
export const cursorAfterKey = (last: OrderKey, sort: TrackSort, filter: string, rank?: RankKey): string =>
  encodeCursor({
    sort,
    filter,
    createdAt: last.created,
    fileCreatedAt: last.fileCreated,
    id: last.id,
    ...(sort === 'tempo' ? { value: last.bpmTenths } : sort === 'key' ? { value: last.keyIndex } : {}),
    ...(rank ? { rank } : {}),
  });

/** A tempo in tenths (a whole number), or a place in KEY_ORDER; null: the track has none. */
const isSortValue = (sort: TrackSort, v: unknown) =>
  v === null ||
  (sort === 'tempo' && Number.isSafeInteger(v) && (v as number) >= 0) ||
  (sort === 'key' && Number.isSafeInteger(v) && (v as number) >= 0 && (v as number) < 24);

/**
 * The cursor a previous page gave, for the same sort and filter; anything else is the caller's
 * mistake (400).
 */
export function decodeCursor(text: string, sort: TrackSort, filter = '', ranked = false): Cursor {
  const bad = new HttpError(
    400,
    filter
      ? 'cursor is not one this server gave for this sort and filter'
      : 'cursor is not one this server gave for this sort',
  );
  let parts: unknown;
  try {
    parts = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw bad;
  }
  const withValue = valued(sort);
  if (!Array.isArray(parts) || parts.length !== (filter ? 5 : 4) + (ranked ? 1 : 0) + (withValue ? 1 : 0)) {
    throw bad;
  }
  const [cursorSort, createdAt, fileCreatedAt, id, ...rest] = parts as unknown[];
  const value = withValue ? rest.shift() : undefined;
  const [cursorFilter = '', rank] = rest;
  const time = (v: unknown): v is string =>
    typeof v === 'string' && EXACT_TIME.test(v) && !Number.isNaN(Date.parse(v));
  if (
    cursorSort !== sort ||
    cursorFilter !== filter ||
    !time(createdAt) ||
    !(fileCreatedAt === null || time(fileCreatedAt)) ||
    !Number.isSafeInteger(id) ||
    (id as number) < 1 ||
    (withValue && !isSortValue(sort, value)) ||
    (ranked && !isRankKey(rank))
  ) {
    throw bad;
  }
  return {
    sort,
    filter,
    createdAt,
    fileCreatedAt,
    id: id as number,
    ...(withValue ? { value: value as number | null } : {}),
    ...(ranked ? { rank: rank as RankKey } : {}),
  };
}

const isRankKey = (v: unknown): v is RankKey =>
  Array.isArray(v) &&
  v.length === 4 &&
  v.slice(0, 3).every((n) => Number.isSafeInteger(n) && n >= 0 && n <= 1_000_000) &&
  typeof v[3] === 'string' &&
  v[3].length <= 2 * TRACK_NAME_MAX;

/** The file-date order's key: undated last in a descending order (tracks_user_file_date_order_idx). */
const fileDateKey = sql`coalesce(t.file_created_at, '-infinity'::timestamptz)`;

/**
 * The tempo and key orders' keys (issue 47): slowest or first key in KEY_ORDER first, none last,
 * written negated so that each order is one descending row like the date orders, and the keyset
 * one row comparison. No index serves them: the owner's tracks are sorted (a top-N for a page).
 */
const tempoKey = sql`coalesce(-${bpmTenthsSql}, '-infinity'::float8)`;
const keyKey = sql`coalesce(-${keyIndexSql}, -24)`;

/** Tracks after the cursor in the journal's order (sortTracks): newest first, ties by highest id. */
export function after(cursor: Cursor): SQL {
  if (cursor.rank) return afterRank(cursor.rank, afterInOrder(cursor));
  return afterInOrder(cursor);
}

/** Tracks after the cursor in the journal's order alone (a ranked cursor's ties). */
export function afterInOrder(cursor: Cursor): SQL {
  const byUpload = sql`(t.created_at, t.id) < (${cursor.createdAt}::timestamptz, ${cursor.id})`;
  if (cursor.sort === 'dateUploaded') return byUpload;
  if (cursor.sort === 'tempo') {
    return sql`(${tempoKey}, t.created_at, t.id)
      < (coalesce(-(${cursor.value ?? null}::float8), '-infinity'::float8), ${cursor.createdAt}::timestamptz, ${cursor.id})`;
  }
  if (cursor.sort === 'key') {
    return sql`(${keyKey}, t.created_at, t.id)
      < (coalesce(-(${cursor.value ?? null}::int), -24), ${cursor.createdAt}::timestamptz, ${cursor.id})`;
  }
  // File date newest first, undated last: undated sort as -infinity, which no kept file date is
  // (years 1-9999), so the keyset is one row comparison the index seeks to.
  return sql`(${fileDateKey}, t.created_at, t.id)
    < (coalesce(${cursor.fileCreatedAt}::timestamptz, '-infinity'), ${cursor.createdAt}::timestamptz, ${cursor.id})`;
}

export const ORDER: Record<TrackSort, SQL> = {
  dateUploaded: sql`t.created_at desc, t.id desc`,
  dateCreated: sql`${fileDateKey} desc, t.created_at desc, t.id desc`,
  tempo: sql`${tempoKey} desc, t.created_at desc, t.id desc`,
  key: sql`${keyKey} desc, t.created_at desc, t.id desc`,
};

/** Each row's tempo and key order values, for a cursor and the list cache (track-list.cache.ts). */
export const sortValueColumns = sql`${bpmTenthsSql} as bpm_tenths, ${keyIndexSql} as key_index`;

/** A row's value in the tempo or key order (bpm_tenths, key_index as read), as a number or null. */
export const sortValueOf = (
  row: { bpm_tenths: number | string | null; key_index: number | string | null },
  sort: 'tempo' | 'key',
): number | null => {
  const value = sort === 'tempo' ? row.bpm_tenths : row.key_index;
  return value === null || value === undefined ? null : Number(value);
};
