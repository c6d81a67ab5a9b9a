import { type SQL, sql } from 'drizzle-orm';
import type { TrackSort } from '../../../shared/schemas/tracks';
import { TRACK_COUNT_CAP, type TrackFilter } from '../../../shared/track-filter';
import type { MatchWord, RankKey } from '../../../shared/track-match';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows-of';
import { trackFilterKey, trackFilterSql } from './track-list.filter';
import { afterInTier, matchFrom, matchWords, rankTiers, type TextMatch, textMatch } from './track-list.match';
import {
  after,
  afterInOrder,
  type Cursor,
  decodeCursor,
  encodeCursor,
  sortValueOf,
} from './track-list.order';
import { chosenRowsSql, type ListRow, tierChosenSql, trackRows } from './track-list.query';

/**
 * The journal's pages (GET /api/tracks?limit=…): a page of the owner's tracks in the asked order,
 * filtered, best first under a text filter, with the cursor of the next page and a first page's
 * counts. The SQL of the rows themselves is track-list.query.ts's.
 */

/**
 * One page of the owner's tracks as the JSON of trackPageSchema, filtered (decision 0270); with a
 * text filter best first (the shared matcher's order, decision 0570), the sort ordering equals.
 * A first page also counts (decision 0271), without reading the whole journal (issue 48): `all`
 * is kept (user_track_counts), `total` counted up to TRACK_COUNT_CAP + 1 matches, and past the
 * cap sent as the cap with `totalCapped`.
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
  // One more than asked: whether it exists says whether there is a next page.
  const read = (ranked?: TextMatch) => trackRows(db, where, sort, limit + 1, ranked, userId);
  const count = (match?: TextMatch) => (cursor ? undefined : countTracks(db, userId, filtered, match));
  let rows: ListRow[];
  let counts: Counts | undefined;
  let ranked: TextMatch | undefined;
  if (!words) {
    [rows, counts] = await Promise.all([read(), count()]);
  } else {
    // Words match as typed; only when no track of the filter's does, a word may have a typo. A first
    // page learns which from its count, a later one from its rows: a cursor given by a page as typed
    // has a track after it (else it would have been the last page), one given with typos has none
    // as typed. No count, and no `exists` (whose plan may scan every document to find none).
    const typos = words.some((w) => w.typo);
    ranked = textMatch(words, 'prefix');
    // One word as typed: read tier by tier (rankTiers), so that a common word stops early.
    const [word] = words;
    const asTyped =
      words.length === 1 && word && !filtered
        ? tierRows(db, userId, word, sort, limit + 1, cursor)
        : read(ranked);
    [rows, counts] = await Promise.all([asTyped, count(ranked)]);
    if (typos && (cursor ? rows.length === 0 : counts?.total === 0)) {
      ranked = textMatch(words, 'typo');
      [rows, counts] = await Promise.all([read(ranked), count(ranked)]);
    }
  }
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const nextCursor =
    rows.length > limit && last
      ? cursorAfter(last, sort, filterKey, ranked ? rankOf(last) : undefined)
      : null;
  const countJson = counts
    ? `,"total":${counts.total},"all":${counts.all}${counts.capped ? ',"totalCapped":true' : ''}`
    : '';
  return `{"items":[${page.map((r) => r.json).join(',')}],"nextCursor":${JSON.stringify(nextCursor)}${countJson}}`;
}

/** The cursor of the page after `last`, read with `sort` and the filter keyed `filterKey`. */
export const cursorAfter = (last: ListRow, sort: TrackSort, filterKey: string, rank?: RankKey): string =>
  encodeCursor({
    sort,
    filter: filterKey,
    createdAt: last.created,
    fileCreatedAt: last.file_created,
    id: Number(last.id),
    ...(sort === 'tempo' || sort === 'key' ? { value: sortValueOf(last, sort) } : {}),
    ...(rank ? { rank } : {}),
  });

const rankOf = (row: ListRow): RankKey => [
  Number(row.misses),
  Number(row.name_misses),
  Number(row.name_length),
  (row.match_name ?? '').slice(1, -1),
];

interface Counts {
  /** Tracks matching the filter, at most TRACK_COUNT_CAP. */
  total: number;
  /** The owner's tracks. */
  all: number;
  /** More than TRACK_COUNT_CAP match: `total` is the cap. */
  capped: boolean;
}

/**
 * How many of the owner's tracks match the filter (the text too, with `match`), counted up to one
 * past TRACK_COUNT_CAP: a page reads its first matches, this at most the cap's, never the whole
 * journal (100,000 tracks: 250 ms with an equipment filter, 10 s with a text). `all` is kept by the
 * database (user_track_counts, migration 0048); unfiltered, `total` is `all`.
 */
async function countTracks(
  db: Database,
  userId: string,
  filtered: SQL | undefined,
  match: TextMatch | undefined,
): Promise<Counts> {
  const kept = sql`coalesce((select c.tracks from user_track_counts c where c.user_id = ${userId}), 0)`;
  if (!filtered && !match) {
    const [row] = await selectRows<{ all: number }>(db, sql`select ${kept} as "all"`);
    const all = Number(row?.all ?? 0);
    return { total: all, all, capped: false };
  }
  const [row] = await selectRows<{ total: number; all: number }>(
    db,
    sql`select (select count(*) from (${matchingSql(userId, filtered, match)} limit ${TRACK_COUNT_CAP + 1}) f)::int as total,
      ${kept} as "all"`,
  );
  const total = Number(row?.total ?? 0);
  return {
    total: Math.min(total, TRACK_COUNT_CAP),
    all: Number(row?.all ?? 0),
    capped: total > TRACK_COUNT_CAP,
  };
}

/** The owner's tracks matching the filter and the text: a row each, no order. */
function matchingSql(userId: string, filtered: SQL | undefined, match: TextMatch | undefined): SQL {
  if (!match) return sql`select 1 from tracks t where t.user_id = ${userId} and ${filtered ?? sql`true`}`;
  // The documents alone when only the text filters: the index's matches, not their tracks' rows.
  const from = filtered ? matchFrom(userId) : sql`track_match_documents d`;
  return sql`select 1 from ${from} where d.user_id = ${userId} and ${match.where}${filtered ? sql` and ${filtered}` : sql``}`;
}

async function selectRows<T>(db: Database, query: SQL): Promise<T[]> {
  return rowsOf<T>(await db.execute(query));
}

async function tierRows(
  db: Database,
  userId: string,
  word: MatchWord,
  sort: TrackSort,
  limit: number,
  cursor: Cursor | undefined,
): Promise<ListRow[]> {
  const tiers = rankTiers(word);
  const rank = cursor?.rank;
  const start = rank ? tiers.findIndex((tier) => tier.misses === rank[0] && tier.nameMisses === rank[1]) : 0;
  // A cursor of a rank no tier holds (not one this filter gave): nothing after it.
  if (start < 0) return [];
  const rows: ListRow[] = [];
  for (let i = start; i < tiers.length && rows.length < limit; i++) {
    const from = rank && cursor && i === start ? afterInTier(rank, afterInOrder(cursor)) : undefined;
    const chosen = tierChosenSql(userId, tiers[i]!, sort, limit - rows.length, from);
    rows.push(...rowsOf<ListRow>(await db.execute(chosenRowsSql(chosen, sort))));
  }
  return rows;
}
