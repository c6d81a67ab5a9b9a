import { type SQL, sql } from 'drizzle-orm';
import type { TrackSort } from '../../../shared/schemas/tracks';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows-of';
import { imageUrlSql } from '../../media/image-url';
import {
  RANK_ORDER,
  type RankTier,
  rankedDocuments,
  type TextMatch,
  TIER_KEY,
  TIER_ORDER,
  TIER_ORDER_SORTED,
  type TierStart,
} from './track-list.match';
import { ORDER, sortValueColumns } from './track-list.order';
import { tempoKeyColumns } from './track-list.tempo-key';

/**
 * GET /api/tracks in one query shaped for the reply (decision 0063). PostgreSQL writes each track's
 * JSON (row_to_json is compact and keeps column order, so the bytes are those JSON.stringify wrote
 * from toTrackDto) and the server only joins them: no ORM row mapping, Date objects or response
 * re-validation per row, which was where the time went. tracks.list-bytes.test.ts holds the SQL to
 * toTrackDto byte for byte.
 */

/** ISO 8601 in UTC with milliseconds, as Date.prototype.toISOString writes it. */
export const isoTime = (column: SQL) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
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
    t.notes as "notes", ${isoTime(sql`t.file_created_at`)} as "fileCreatedAt",
    t.share_to_equipment_pages as "shareToEquipmentPages", t.visibility as "visibility",
    ${isoTime(sql`t.created_at`)} as "createdAt",
    ${isoTime(sql`t.updated_at`)} as "updatedAt",
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
        select ${realJson(sql`t.loudness_lufs`)} as "integratedLufs", ${realJson(sql`t.true_peak_db`)} as "truePeakDb",
          ${realJson(sql`t.loudness_range`)} as "loudnessRange"
      ) l
    ) end as "loudness",
    t.version as "version",
    ${tempoKeyColumns}`;

export interface ListRow {
  json: string;
  created: string;
  file_created: string | null;
  id: number;
  /** The shown tempo in tenths and the key's place in KEY_ORDER: the tempo and key orders' values. */
  bpm_tenths: number | string | null;
  key_index: number | string | null;
  /** tracks.list_revision: renewed by every change of what the row shows (decision 0490). */
  revision: number | string;
  /** Ranked by a text filter: the RankKey's parts (the name padded with spaces). */
  misses?: number;
  name_misses?: number;
  name_length?: number;
  match_name?: string;
}

/**
 * The list query itself (bench/track-list-profile.ts EXPLAINs it). A ranked list (`ranked`) is read
 * from the documents of `matchUser`'s tracks (rankedDocuments); `where` still holds `t.user_id = …`.
 */
export function trackListSql(
  where: SQL,
  sort: TrackSort,
  limit?: number,
  ranked?: TextMatch,
  matchUser?: string,
): SQL {
  const select = (from: SQL, equipment: SQL) => sql`
    select ${trackJson} as json, ${exact(sql`t.created_at`)} as created,
      ${exact(sql`t.file_created_at`)} as file_created, t.id, t.list_revision as revision,
      ${sortValueColumns}
    from ${from} cross join lateral (${trackColumns(equipment)}) r
    where ${where}
    order by ${ORDER[sort]}`;
  if (ranked) {
    if (matchUser === undefined) throw new Error("a ranked list reads one owner's documents");
    // The page's tracks are chosen first, by their documents' rank and the order's keys alone; the
    // rows are written for those only (thousands of matches each computing their cursor columns
    // before the sort doubled the query).
    const chosen = sql`select t.id as chosen_id, m.misses, m.name_misses, m.name_length, m.name as match_name
      from ${rankedDocuments(matchUser, ranked)} join tracks t on t.id = m.track_id
      where ${where}
      order by ${RANK_ORDER}, ${ORDER[sort]}
      limit ${limit ?? null}`;
    return chosenRowsSql(chosen, sort);
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

/**
 * The rows of tracks chosen by rank (`chosen`: chosen_id and the RankKey's parts, at most a page),
 * written for the reply in rank order, then the journal's.
 */
export function chosenRowsSql(chosen: SQL, sort: TrackSort): SQL {
  return sql`
    select ${trackJson} as json, ${exact(sql`t.created_at`)} as created,
      ${exact(sql`t.file_created_at`)} as file_created, t.id, t.list_revision as revision,
      ${sortValueColumns}, p.misses, p.name_misses, p.name_length, p.match_name
    from (${chosen}) p join tracks t on t.id = p.chosen_id
      cross join lateral (${trackColumns(equipmentOfTrack)}) r
    order by p.misses, p.name_misses, p.name_length, p.match_name collate "C", ${ORDER[sort]}`;
}

/**
 * A one-word text filter's page read tier by tier (rankTiers), the text alone filtering: the tier's
 * first `limit` documents in name order (`first`: a walk of the owner's name order index where the
 * word is common, a sort of a few where rare; planned for the limit, without the tracks), with
 * every document named as the last of them and, on a later page, as the cursor (an index lookup
 * each: equal names go by the journal's order, which only the tracks know). Those tracks are then
 * joined and ordered: the page is exact, and a word that most of a big journal holds costs a page.
 */
export function tierChosenSql(
  userId: string,
  tier: RankTier,
  sort: TrackSort,
  limit: number,
  start?: TierStart,
): SQL {
  const named = (name: SQL) => sql`select d.track_id, d.name from track_match_documents d
    where d.user_id = ${userId} and char_length(d.name) = char_length(${name})
      and d.name collate "C" = ${name} collate "C" and ${tier.where}`;
  return sql`with first as materialized (
      select d.track_id, d.name from track_match_documents d
      where d.user_id = ${userId} and ${tier.where}${start ? sql` and ${TIER_KEY} > ${start.key}` : sql``}
      order by ${tier.walk ? TIER_ORDER : TIER_ORDER_SORTED} limit ${limit}
    ), docs as (
      select track_id, name from first
      union ${named(sql`(select f.name from first f order by char_length(f.name) desc, f.name collate "C" desc limit 1)`)}
      ${start ? sql`union ${named(start.name)}` : sql``}
    )
    select t.id as chosen_id, ${tier.misses}::int as misses, ${tier.nameMisses}::int as name_misses,
      char_length(d.name) - 2 as name_length, d.name as match_name
    from docs d join tracks t on t.id = d.track_id
    where t.user_id = ${userId}${start ? sql` and ${start.rows}` : sql``}
    order by ${TIER_ORDER}, ${ORDER[sort]}
    limit ${limit}`;
}

export async function trackRows(
  db: Database,
  where: SQL,
  sort: TrackSort,
  limit?: number,
  ranked?: TextMatch,
  matchUser?: string,
): Promise<ListRow[]> {
  const result = await db.execute(trackListSql(where, sort, limit, ranked, matchUser));
  // node-postgres answers a QueryResult, PGlite its Results: both carry `rows`.
  return rowsOf<ListRow>(result);
}

/** Every track of the owner as the JSON array GET /api/tracks has always sent. */
export async function ownTracksJson(db: Database, userId: string, sort: TrackSort): Promise<string> {
  const rows = await trackRows(db, sql`t.user_id = ${userId}`, sort);
  return `[${rows.map((r) => r.json).join(',')}]`;
}
