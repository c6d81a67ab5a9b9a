import { sql } from 'drizzle-orm';
import type { TrackSort } from '../../../shared/schemas/tracks';
import type { TrackFilter } from '../../../shared/track-filter';
import type { MatchMode, MatchWord, RankKey } from '../../../shared/track-match';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows-of';
import { type Counts, countTracks } from './track-list.count';
import type { TrackCountCache } from './track-list.count-cache';
import { trackFilterKey, trackFilterSql, trackFilterText } from './track-list.filter';
import { afterInTier, matchWords, rankTiers, type TextMatch, textMatch } from './track-list.match';
import {
  after,
  afterInOrder,
  type Cursor,
  cursorAfterKey,
  decodeCursor,
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
 * cap sent as the cap with `totalCapped`. With `kept`, the counts of the owner's journal at that
 * revision are kept and reused (decision 0900): only the revision and the filter change them.
 */
export async function ownTracksPageJson(
  db: Database,
  userId: string,
  sort: TrackSort,
  limit: number,
  cursorText: string | undefined,
  filter: TrackFilter = {},
  kept?: KeptCountsAt,
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
  const filterText = trackFilterText(filter);
  const count = (match?: TextMatch, mode?: MatchMode): Promise<Counts> | undefined => {
    if (cursor) return undefined;
    const counted = () => countTracks(db, userId, filtered, match);
    // The typo count is another count of the same filter: kept apart.
    return kept
      ? kept.cache.counts(userId, kept.revision, `${mode ?? ''}\0${filterText}`, counted)
      : counted();
  };
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
    [rows, counts] = await Promise.all([asTyped, count(ranked, 'prefix')]);
    if (typos && (cursor ? rows.length === 0 : counts?.total === 0)) {
      ranked = textMatch(words, 'typo');
      [rows, counts] = await Promise.all([read(ranked), count(ranked, 'typo')]);
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

/** Where a first page's counts are kept, and the revision the journal is read at (decision 0900). */
export interface KeptCountsAt {
  cache: TrackCountCache;
  /** Taken before the page is read, as the whole list takes it (tracks.routes.ts). */
  revision: number;
}

/** The cursor of the page after `last`, read with `sort` and the filter keyed `filterKey`. */
export const cursorAfter = (last: ListRow, sort: TrackSort, filterKey: string, rank?: RankKey): string =>
  cursorAfterKey(
    {
      created: last.created,
      fileCreated: last.file_created,
      id: Number(last.id),
      bpmTenths: sortValueOf(last, 'tempo'),
      keyIndex: sortValueOf(last, 'key'),
    },
    sort,
    filterKey,
    rank,
  );

const rankOf = (row: ListRow): RankKey => [
  Number(row.misses),
  Number(row.name_misses),
  Number(row.name_length),
  (row.match_name ?? '').slice(1, -1),
];

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
