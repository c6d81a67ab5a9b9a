import { type SQL, sql } from 'drizzle-orm';
import { TRACK_NAME_MAX, type TrackSort } from '../../../shared/schemas/tracks';
import type { TrackFilter } from '../../../shared/track-filter';
import type { MatchMode, RankKey } from '../../../shared/track-match';
import type { Database } from '../../db/client';
import { imageUrlSql } from '../../media/image-url';
import { HttpError } from '../../plugins/errors';
import { trackFilterKey, trackFilterSql } from './track-list.filter';
import {
  afterRank,
  matchDocLateral,
  matchWords,
  RANK_ORDER,
  rankLateral,
  type TextMatch,
  textMatch,
} from './track-list.match';

/**
 * GET /api/tracks in one query shaped for the reply (decision 0063). PostgreSQL writes each track's
 * JSON (row_to_json is compact and keeps column order, so the bytes are those JSON.stringify wrote
 * from toTrackDto) and the server only joins them: no ORM row mapping, Date objects or response
 * re-validation per row, which was where the time went. tracks.list-bytes.test.ts holds the SQL to
 * toTrackDto byte for byte.
 */

/** ISO 8601 in UTC with milliseconds, as Date.prototype.toISOString writes it. */
const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
/** Microseconds kept, for cursors: two uploads in one millisecond still order apart. */
export const exact = (column: SQL) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
/**
 * A real as JavaScript writes the number the driver reads from it: PostgreSQL's float4 text is the
 * shortest that round-trips, like JavaScript's, but switches to exponents from 1e6 where JavaScript
 * waits for 1e21; going through float8 keeps plain digits up to 1e15.
 */
const realJson = (column: SQL) => sql`(${column})::text::float8`;

export const trackJson = sql`row_to_json(r)::text`;
/** A tag's JSON: the EquipmentTag reply shape. */
const tagJson = sql`(select row_to_json(g) from (
  select eq.id as "id", eq.name as "name", eq.description as "description",
    ${imageUrlSql(sql`eq.image_key`)} as "imageUrl", eq.category as "category"
) g)`;

/** A page: each of its few tracks looks its equipment up (an index lookup each). */
export const equipmentOfTrack = sql`coalesce((
  select array_to_json(array_agg(${tagJson} order by te.created_at, te.id))
  from track_equipment_tags te join equipment_tags eq on eq.id = te.equipment_tag_id
  where te.track_id = t.id
), '[]')`;
/** The whole list: the equipment of every listed track gathered in one pass (the `tags` CTE). */
const equipmentFromTags = sql`coalesce(tags.list, '[]')`;

export const trackColumns = (equipment: SQL) => sql`
  select
    t.id as "id", t.user_id as "userId", t.name as "name", t.filename as "filename",
    t.mime_type as "mimeType", t.size as "size", ${realJson(sql`t.duration`)} as "duration",
    t.notes as "notes", ${iso(sql`t.file_created_at`)} as "fileCreatedAt",
    t.share_to_equipment_pages as "shareToEquipmentPages", t.visibility as "visibility",
    ${iso(sql`t.created_at`)} as "createdAt",
    ${iso(sql`t.updated_at`)} as "updatedAt",
    ${equipment} as "equipment",
    (select row_to_json(p) from (
      select t.processing_state as "state",
        case when t.processing_state = 'failed' then coalesce(t.processing_error, 'Processing failed') end as "error"
    ) p) as "processing",
    ((t.original_playable and t.processing_state <> 'failed')
      or (t.processing_state = 'ready' and t.rendition_key is not null and t.rendition_mime_type is not null)
    ) as "playable",
    case when t.loudness_lufs is not null and t.true_peak_db is not null then (
      select row_to_json(l) from (
        select ${realJson(sql`t.loudness_lufs`)} as "integratedLufs", ${realJson(sql`t.true_peak_db`)} as "truePeakDb"
      ) l
    ) end as "loudness",
    t.version as "version"`;

/** Where a page ended: the last track's sort key, to the microsecond, and its id. */
interface Cursor {
  sort: TrackSort;
  /** trackFilterKey of the filter the page was read with; '' unfiltered (then not written). */
  filter: string;
  createdAt: string;
  fileCreatedAt: string | null;
  id: number;
  /** A text filter's page: the last track's RankKey (issue 42, decision 0570). */
  rank?: RankKey;
}

const EXACT_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

export function encodeCursor(cursor: Cursor): string {
  const { sort, createdAt, fileCreatedAt, id, filter, rank } = cursor;
  const parts = [sort, createdAt, fileCreatedAt, id, ...(filter ? [filter] : []), ...(rank ? [rank] : [])];
  return Buffer.from(JSON.stringify(parts)).toString('base64url');
}

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
  if (!Array.isArray(parts) || parts.length !== (filter ? 5 : 4) + (ranked ? 1 : 0)) throw bad;
  const [cursorSort, createdAt, fileCreatedAt, id, cursorFilter = '', rank] = parts as unknown[];
  const time = (v: unknown): v is string =>
    typeof v === 'string' && EXACT_TIME.test(v) && !Number.isNaN(Date.parse(v));
  if (
    cursorSort !== sort ||
    cursorFilter !== filter ||
    !time(createdAt) ||
    !(fileCreatedAt === null || time(fileCreatedAt)) ||
    !Number.isSafeInteger(id) ||
    (id as number) < 1 ||
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

/** Tracks after the cursor in the journal's order (sortTracks): newest first, ties by highest id. */
function after(cursor: Cursor): SQL {
  if (cursor.rank) return afterRank(cursor.rank, afterInOrder(cursor));
  return afterInOrder(cursor);
}

function afterInOrder(cursor: Cursor): SQL {
  const byUpload = sql`(t.created_at, t.id) < (${cursor.createdAt}::timestamptz, ${cursor.id})`;
  if (cursor.sort === 'dateUploaded') return byUpload;
  // File date newest first, undated last: undated sort as -infinity, which no kept file date is
  // (years 1-9999), so the keyset is one row comparison the index seeks to.
  return sql`(${fileDateKey}, t.created_at, t.id)
    < (coalesce(${cursor.fileCreatedAt}::timestamptz, '-infinity'), ${cursor.createdAt}::timestamptz, ${cursor.id})`;
}

export const ORDER: Record<TrackSort, SQL> = {
  dateUploaded: sql`t.created_at desc, t.id desc`,
  dateCreated: sql`${fileDateKey} desc, t.created_at desc, t.id desc`,
};

export interface ListRow {
  json: string;
  created: string;
  file_created: string | null;
  id: number;
  /** tracks.list_revision: renewed by every change of what the row shows (decision 0490). */
  revision: number | string;
  /** Ranked by a text filter: the RankKey's parts (the name padded with spaces). */
  misses?: number;
  name_misses?: number;
  name_length?: number;
  match_name?: string;
}

/** The list query itself (bench/track-list-profile.ts EXPLAINs it). */
export function trackListSql(where: SQL, sort: TrackSort, limit?: number, ranked?: TextMatch): SQL {
  const select = (from: SQL, equipment: SQL) => sql`
    select ${trackJson} as json, ${exact(sql`t.created_at`)} as created,
      ${exact(sql`t.file_created_at`)} as file_created, t.id, t.list_revision as revision
      ${ranked ? sql`, m.misses, m.name_misses, m.name_length, d.n as match_name` : sql``}
    from ${from} cross join lateral (${trackColumns(equipment)}) r
    where ${where}${ranked ? sql` and ${ranked.where}` : sql``}
    order by ${ranked ? sql`${RANK_ORDER}, ` : sql``}${ORDER[sort]}`;
  if (ranked) {
    const from = sql`tracks t ${matchDocLateral} ${rankLateral(ranked)}`;
    return sql`${select(from, equipmentOfTrack)} limit ${limit ?? null}`;
  }
  if (limit !== undefined) return sql`${select(sql`tracks t`, equipmentOfTrack)} limit ${limit}`;
  // Looking each track's equipment up cost more than all the rest of the list (1,000 lookups).
  return sql`
    with tags as (
      select te.track_id, array_to_json(array_agg(${tagJson} order by te.created_at, te.id)) as list
      from tracks t
      join track_equipment_tags te on te.track_id = t.id
      join equipment_tags eq on eq.id = te.equipment_tag_id
      where ${where}
      group by te.track_id
    )
    ${select(sql`tracks t left join tags on tags.track_id = t.id`, equipmentFromTags)}`;
}

export async function trackRows(
  db: Database,
  where: SQL,
  sort: TrackSort,
  limit?: number,
  ranked?: TextMatch,
): Promise<ListRow[]> {
  const result = await db.execute(trackListSql(where, sort, limit, ranked));
  // node-postgres answers a QueryResult, PGlite its Results: both carry `rows`.
  return (result as unknown as { rows: ListRow[] }).rows;
}

/** Every track of the owner as the JSON array GET /api/tracks has always sent. */
export async function ownTracksJson(db: Database, userId: string, sort: TrackSort): Promise<string> {
  const rows = await trackRows(db, sql`t.user_id = ${userId}`, sort);
  return `[${rows.map((r) => r.json).join(',')}]`;
}

/**
 * One page of the owner's tracks as the JSON of trackPageSchema, filtered (decision 0270); with a
 * text filter best first (the shared matcher's order, decision 0570), the sort ordering equals.
 */
export async function ownTracksPageJson(
  db: Database,
  userId: string,
  sort: TrackSort,
  limit: number,
  cursorText: string | undefined,
  filter: TrackFilter = {},
): Promise<string> {
  const filterKey = trackFilterKey(filter);
  const words = matchWords(filter.q);
  const cursor =
    cursorText === undefined ? undefined : decodeCursor(cursorText, sort, filterKey, words !== undefined);
  const own = sql`t.user_id = ${userId}`;
  const filtered = trackFilterSql(filter);
  const matching = filtered ? sql`${own} and ${filtered}` : own;
  const where = cursor ? sql`${matching} and ${after(cursor)}` : matching;
  // A text filter first settles whether any track matches as typed (else typos count) and counts.
  const counted = words ? await textCounts(db, own, filtered, words) : undefined;
  const ranked = counted && textMatch(words!, counted.mode);
  // One more than asked: whether it exists says whether there is a next page. A first page also
  // counts, with one more query over the owner's tracks (decision 0271).
  const [rows, counts] = await Promise.all([
    trackRows(db, where, sort, limit + 1, ranked),
    cursor ? undefined : (counted ?? trackCounts(db, own, filtered)),
  ]);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const nextCursor =
    rows.length > limit && last
      ? encodeCursor({
          sort,
          filter: filterKey,
          createdAt: last.created,
          fileCreatedAt: last.file_created,
          id: Number(last.id),
          ...(ranked ? { rank: rankOf(last) } : {}),
        })
      : null;
  const count = counts ? `,"total":${counts.total},"all":${counts.all}` : '';
  return `{"items":[${page.map((r) => r.json).join(',')}],"nextCursor":${JSON.stringify(nextCursor)}${count}}`;
}

const rankOf = (row: ListRow): RankKey => [
  Number(row.misses),
  Number(row.name_misses),
  Number(row.name_length),
  (row.match_name ?? '').slice(1, -1),
];

/** How many of the owner's tracks match the filter, and how many there are: one pass over them. */
async function trackCounts(db: Database, own: SQL, filtered: SQL | undefined) {
  const total = filtered ? sql`count(*) filter (where ${filtered})` : sql`count(*)`;
  const result = await db.execute(
    sql`select ${total}::int as total, count(*)::int as "all" from tracks t where ${own}`,
  );
  const [row] = (result as unknown as { rows: { total: number; all: number }[] }).rows;
  return { total: Number(row?.total ?? 0), all: Number(row?.all ?? 0) };
}

/**
 * A text filter's counts in one pass over the owner's tracks: those matching as typed and, when a
 * word may have a typo, those matching with typos, which count only when none matches as typed.
 */
async function textCounts(
  db: Database,
  own: SQL,
  filtered: SQL | undefined,
  words: NonNullable<ReturnType<typeof matchWords>>,
): Promise<{ total: number; all: number; mode: MatchMode }> {
  const also = filtered ? sql` and ${filtered}` : sql``;
  const typos = words.some((w) => w.typo);
  const result = await db.execute(sql`select
      count(*) filter (where ${textMatch(words, 'prefix').where}${also})::int as prefix,
      ${typos ? sql`count(*) filter (where ${textMatch(words, 'typo').where}${also})` : sql`0`}::int as typo,
      count(*)::int as "all"
    from tracks t ${matchDocLateral} where ${own}`);
  const [row] = (result as unknown as { rows: { prefix: number; typo: number; all: number }[] }).rows;
  const prefix = Number(row?.prefix ?? 0);
  const mode: MatchMode = prefix > 0 || !typos ? 'prefix' : 'typo';
  return { total: mode === 'prefix' ? prefix : Number(row?.typo ?? 0), all: Number(row?.all ?? 0), mode };
}
