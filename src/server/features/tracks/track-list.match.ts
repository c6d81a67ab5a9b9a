import { type SQL, sql } from 'drizzle-orm';
import { type MatchMode, type MatchWord, parseQuery, type RankKey } from '../../../shared/track-match';

/**
 * The track matcher of src/shared/track-match.ts in SQL (issue 42, decision 0570): the same words,
 * the same typo patterns (built there, run here by `~`), the same rank, so the journal filter and
 * the Add Tracks dialog list the same tracks in the same order (tracks.list-match.test.ts holds them
 * together on random journals). Matched against each track's MatchDoc as the database keeps it,
 * folded (track_match_documents, migration 0048, issue 48): the owner's and the words' trigrams are
 * one GIN index scan, so a filter reads the owner's matches, not the owner's journal.
 */

/**
 * The owner's tracks with their documents: `d.document` (MatchDoc.all) and `d.name` (MatchDoc.name),
 * each word between spaces.
 */
export const matchFrom = (userId: string) =>
  sql`track_match_documents d join tracks t on t.id = d.track_id and d.user_id = ${userId}`;

/** A LIKE pattern matching the text itself (a folded word holds no ASCII punctuation, but still). */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/**
 * Whether the word begins a word of `text` (and in typo mode, with one typo). LIKE rather than
 * strpos(): the trigram index answers `like '% word%'`, and the word start is its leading space.
 */
function found(word: MatchWord, text: SQL, mode: MatchMode): SQL {
  const prefix = sql`${text} like ${`% ${likeLiteral(word.text)}%`}::text`;
  return mode === 'typo' && word.typo ? sql`(${prefix} or ${text} ~ ${word.typo}::text)` : prefix;
}

export interface TextMatch {
  /** The condition on `d` (matchFrom). */
  where: SQL;
  /** The RankKey's misses and name misses on `d`. */
  misses: SQL;
  nameMisses: SQL;
}

export function textMatch(words: readonly MatchWord[], mode: MatchMode): TextMatch {
  // Typed only separators ("%", ".*"): no word of any track.
  if (words.length === 0) return { where: sql`false`, misses: sql`0`, nameMisses: sql`0` };
  const sum = (parts: SQL[]) => sql`(${sql.join(parts, sql` + `)})`;
  return {
    where: sql.join(
      words.map((w) => found(w, sql`d.document`, mode)),
      sql` and `,
    ),
    misses: sum(words.map((w) => sql`(strpos(d.document, ${` ${w.text} `}::text) = 0)::int`)),
    nameMisses: sum(words.map((w) => sql`(not ${found(w, sql`d.name`, mode)})::int`)),
  };
}

/** The query's words and whether it is to be matched at all (a blank one filters nothing). */
export function matchWords(q: string | undefined): MatchWord[] | undefined {
  if (!q) return undefined;
  const { blank, words } = parseQuery(q);
  return blank ? undefined : words;
}

/**
 * The owner's matching documents with their rank key (`m.track_id`, `m.misses`, `m.name_misses`,
 * `m.name_length`, `m.name`), best first. Ordered in a subquery of its own, so that the page joins
 * their tracks in that order and stops after its rows and their ties (an incremental sort by the
 * journal's order within equal ranks), instead of joining every match's track before sorting.
 */
export function rankedDocuments(userId: string, match: TextMatch): SQL {
  return sql`(select d.track_id, ${match.misses} as misses, ${match.nameMisses} as name_misses,
      char_length(d.name) - 2 as name_length, d.name
    from track_match_documents d where d.user_id = ${userId} and ${match.where}
    order by misses, name_misses, name_length, d.name collate "C") m`;
}

/** Best first (compareRank), then the journal's own order. */
export const RANK_ORDER = sql`m.misses, m.name_misses, m.name_length, m.name collate "C"`;

/** Rows after `key` in rank order; `tie` orders rows of an equal key (the journal's keyset). */
export function afterRank(key: RankKey, tie: SQL): SQL {
  const [misses, nameMisses, length, name] = key;
  const head = sql`(m.misses, m.name_misses, m.name_length)`;
  const at = sql`(${misses}::int, ${nameMisses}::int, ${length}::int)`;
  const padded = ` ${name} `;
  return sql`(${head} > ${at} or (${head} = ${at} and (m.name collate "C" > ${padded}::text collate "C"
    or (m.name = ${padded}::text and ${tie}))))`;
}

/**
 * One word's rank tiers, best first (issue 48): (misses, name misses) is (0, 0), (0, 1), (1, 0),
 * (1, 1), each a condition on `d`. Within a tier the rank is the name's length, then the name,
 * which the owner's name order index (migration 0052) walks: a page of a word that thousands of
 * tracks hold reads its first rows instead of ranking every match (`q=desk` on a 100,000-track
 * journal: 30,000 matches, 70 ms). The name tiers are found through the names' own trigrams.
 */
export interface RankTier {
  misses: number;
  nameMisses: number;
  where: SQL;
  /**
   * Whether the tier is read by walking the name order index. Not a tier whose name holds the word:
   * the word lengthens the name, so the shortest names hold it least ("drone": 13,486 entries
   * walked for 51), and those tracks are found by the names' trigrams and sorted instead.
   */
  walk: boolean;
}

export function rankTiers(word: MatchWord): RankTier[] {
  const whole = sql`d.document like ${`% ${likeLiteral(word.text)} %`}::text`;
  const inDocument = found(word, sql`d.document`, 'prefix');
  const inName = found(word, sql`d.name`, 'prefix');
  return [
    { misses: 0, nameMisses: 0, walk: false, where: sql`${whole} and ${inName}` },
    { misses: 0, nameMisses: 1, walk: true, where: sql`${whole} and not ${inName}` },
    { misses: 1, nameMisses: 0, walk: false, where: sql`${inDocument} and not ${whole} and ${inName}` },
    { misses: 1, nameMisses: 1, walk: true, where: sql`${inDocument} and not ${whole} and not ${inName}` },
  ];
}

/** The name order within a tier, as the owner's name order index keeps it; and its key. */
export const TIER_ORDER = sql`char_length(d.name), d.name collate "C"`;
/** The same order written so that no index serves it: the tier's documents are found, then sorted. */
export const TIER_ORDER_SORTED = sql`char_length(d.name) + 0, d.name collate "C"`;
export const TIER_KEY = sql`(${TIER_ORDER})`;

/** Where a later page starts in its cursor's tier. */
export interface TierStart {
  /** The cursor's key (TIER_KEY's shape): the page's documents come after it or at it. */
  key: SQL;
  /** The cursor's name, padded as the documents keep it. */
  name: SQL;
  /** On the chosen rows (`d`, `t`): after the cursor, `tie` among equal names. */
  rows: SQL;
}

/** The rows of the cursor's tier after its `key` (`tie`: the journal's keyset among equal names). */
export function afterInTier(key: RankKey, tie: SQL): TierStart {
  const padded = ` ${key[3]} `;
  const at = sql`(${Array.from(padded).length}::int, ${padded}::text collate "C")`;
  return {
    key: at,
    name: sql`${padded}::text`,
    rows: sql`(${TIER_KEY} > ${at} or (d.name = ${padded}::text and ${tie}))`,
  };
}
