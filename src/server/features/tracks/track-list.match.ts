import { type SQL, sql } from 'drizzle-orm';
import { type MatchMode, type MatchWord, parseQuery, type RankKey } from '../../../shared/track-match';
import { FOLD_SQL, SEPARATORS } from '../../../shared/track-match-fold';

/**
 * The track matcher of src/shared/track-match.ts in SQL (issue 42, decision 0570): the same words,
 * the same typo patterns (built there, run here by `~`), the same rank, so the journal filter and
 * the Add Tracks dialog list the same tracks in the same order (tracks.list-match.test.ts holds them
 * together on random journals). Evaluated on the owner's tracks only (their order index finds
 * them); a journal of a thousand tracks is folded and ranked in a few milliseconds.
 */

const ASCII_SEPARATORS = [...SEPARATORS].filter((c) => c < '\u0080').join('');

/**
 * The text folded as matchFold folds it. ASCII text (most names and notes) takes the short table:
 * translate() walks its `from` string for each character, and the whole table is a thousand.
 */
export function foldSql(text: SQL): SQL {
  let full = sql`lower(${text})`;
  for (const [from, to] of FOLD_SQL.replaces) full = sql`replace(${full}, ${from}::text, ${to}::text)`;
  return sql`(case when octet_length(${text}) = char_length(${text})
    then translate(lower(${text}), ${ASCII_SEPARATORS}::text, ${' '.repeat(ASCII_SEPARATORS.length)}::text)
    else translate(${full}, ${FOLD_SQL.from}::text, ${FOLD_SQL.to}::text) end)`;
}

/** What a track of `tracks t` is matched against (MatchDoc): `d.a` all its text, `d.n` its name. */
export const matchDocLateral = sql`cross join lateral (select
  ' ' || ${foldSql(sql`t.name`)} || ' ' as n,
  ' ' || ${foldSql(sql`t.name || ' ' || coalesce(t.notes, '') || ' ' || coalesce((
    select string_agg(eq.name, ' ') from track_equipment_tags te
    join equipment_tags eq on eq.id = te.equipment_tag_id where te.track_id = t.id), '')`)} || ' ' as a
) d`;

/** Whether the word begins a word of `text` (and in typo mode, with one typo). */
function found(word: MatchWord, text: SQL, mode: MatchMode): SQL {
  const prefix = sql`strpos(${text}, ${` ${word.text}`}::text) > 0`;
  return mode === 'typo' && word.typo ? sql`(${prefix} or ${text} ~ ${word.typo}::text)` : prefix;
}

export interface TextMatch {
  /** The condition on `d` (matchDocLateral). */
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
      words.map((w) => found(w, sql`d.a`, mode)),
      sql` and `,
    ),
    misses: sum(words.map((w) => sql`(strpos(d.a, ${` ${w.text} `}::text) = 0)::int`)),
    nameMisses: sum(words.map((w) => sql`(not ${found(w, sql`d.n`, mode)})::int`)),
  };
}

/** The query's words and whether it is to be matched at all (a blank one filters nothing). */
export function matchWords(q: string | undefined): MatchWord[] | undefined {
  if (!q) return undefined;
  const { blank, words } = parseQuery(q);
  return blank ? undefined : words;
}

/** The rank key's columns, as the ranked page selects them (`m.*`). */
export function rankLateral(match: TextMatch): SQL {
  return sql`cross join lateral (select ${match.misses} as misses, ${match.nameMisses} as name_misses,
    char_length(d.n) - 2 as name_length) m`;
}

/** Best first (compareRank), then the journal's own order. */
export const RANK_ORDER = sql`m.misses, m.name_misses, m.name_length, d.n collate "C"`;

/** Rows after `key` in rank order; `tie` orders rows of an equal key (the journal's keyset). */
export function afterRank(key: RankKey, tie: SQL): SQL {
  const [misses, nameMisses, length, name] = key;
  const head = sql`(m.misses, m.name_misses, m.name_length)`;
  const at = sql`(${misses}::int, ${nameMisses}::int, ${length}::int)`;
  const padded = ` ${name} `;
  return sql`(${head} > ${at} or (${head} = ${at} and (d.n collate "C" > ${padded}::text collate "C"
    or (d.n = ${padded}::text and ${tie}))))`;
}
