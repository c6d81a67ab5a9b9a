import { type SQL, sql } from 'drizzle-orm';
import { TRACK_COUNT_CAP } from '../../../shared/track-filter';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows-of';
import { matchFrom, type TextMatch } from './track-list.match';

/** A first page's counts (decision 0271, capped by issue 48). */
export interface Counts {
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
export async function countTracks(
  db: Database,
  userId: string,
  filtered: SQL | undefined,
  match: TextMatch | undefined,
): Promise<Counts> {
  const kept = sql`coalesce((select c.tracks from user_track_counts c where c.user_id = ${userId}), 0)`;
  if (!filtered && !match) {
    const [row] = rowsOf<{ all: number }>(await db.execute(sql`select ${kept} as "all"`));
    const all = Number(row?.all ?? 0);
    return { total: all, all, capped: false };
  }
  const [row] = rowsOf<{ total: number; all: number }>(
    await db.execute(
      sql`select (select count(*) from (${matchingSql(userId, filtered, match)} limit ${TRACK_COUNT_CAP + 1}) f)::int as total,
      ${kept} as "all"`,
    ),
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
