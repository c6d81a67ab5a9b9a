import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { SEARCH } from '../../../shared/constants';
import { ownedWords, searchVector, typoKeys } from '../../db/schema/search-documents';

/** At most this many words of the query take part in the full-text match. */
const MAX_WORDS = 8;

const wordsOf = (q: string) =>
  q
    .toLowerCase()
    .match(/[\p{L}\p{N}]+/gu)
    ?.slice(0, MAX_WORDS) ?? [];

/**
 * The query's words as a prefix tsquery (`moog:* & sub:*`): every word must begin a word of the
 * document, so results narrow as one types. Only letters and digits are kept, so nothing typed can
 * be read as tsquery syntax; null when nothing is left (then only trigrams match).
 */
export function prefixTsquery(q: string): string | null {
  const words = wordsOf(q);
  return words.length ? words.map((w) => `${w}:*`).join(' & ') : null;
}

/**
 * Which trigram match a query gets (decision 0280), by the letters and digits typed:
 * - fewer than SEARCH.fuzzyMinLength: none. Two letters make three trigrams, two of them padding;
 *   all they can find is what the prefix words find, or noise.
 * - one word of SEARCH.shortWordFuzzyMinLength or more: also strict word similarity ≥ 0.5 (`<<%`,
 *   whole words of the name). One typo in a short word costs about half its trigrams ("junno" vs
 *   "Juno" 0.57, "celsta" vs "Celesta" 0.5), under the 0.6 that suits longer text.
 * - otherwise word similarity ≥ 0.6 (`<%`), as before.
 * Both thresholds are pg_trgm's defaults, so the GIN trigram indexes serve both operators.
 */
export type Fuzzy = 'none' | 'word' | 'shortWord';

export function fuzzyOf(q: string): Fuzzy {
  const words = wordsOf(q);
  const length = words.join('').length;
  if (length < SEARCH.fuzzyMinLength) return 'none';
  return words.length === 1 && length >= SEARCH.shortWordFuzzyMinLength ? 'shortWord' : 'word';
}

/**
 * The query's word when it also finds words with one letter wrong or two neighbours swapped
 * (decision 0500): a query of one word of SEARCH.typoMinLength to typoMaxLength letters and digits,
 * a letter among them (a number one digit off is another number). Null otherwise: a longer word
 * keeps enough trigrams for the trigram match, and several words match by their prefixes.
 */
export function typoWordOf(q: string): string | null {
  const words = wordsOf(q);
  const word = words.length === 1 ? words[0]! : '';
  // By code point, as PostgreSQL's length() counts.
  const length = Array.from(word).length;
  return length >= SEARCH.typoMinLength && length <= SEARCH.typoMaxLength && /\p{L}/u.test(word)
    ? word
    : null;
}

/** What one search matches with: the text as typed, its tsquery and its kinds of fuzzy match. */
export interface Terms {
  q: SQL;
  /** The query's words as typed into prefixTsquery (up to MAX_WORDS, lower-cased), space-separated. */
  words: string;
  tsquery: SQL | null;
  fuzzy: Fuzzy;
  /** The typo keys of the query's word (typoWordOf), null when it gets no typo match. */
  typo: SQL | null;
}

export function termsOf(text: string): Terms {
  const ts = prefixTsquery(text);
  const word = typoWordOf(text);
  return {
    q: sql`${text}::text`,
    words: wordsOf(text).join(' '),
    tsquery: ts ? sql`to_tsquery('simple'::regconfig, ${ts}::text)` : null,
    fuzzy: fuzzyOf(text),
    // The same function as the indexes (migration 0032), so the keys are defined once, in SQL.
    typo: word ? typoKeys(sql`${word}::text`) : null,
  };
}

/**
 * The trigram part of the match (see fuzzyOf), null when the query gets none. Written as the index
 * conditions read (`name %> q` is `q <% name`): when a clause matches its index condition, the
 * planner knows the bitmap scan's recheck enforces it and leaves out a Filter that evaluated every
 * arm of the match a second time for each row found (decision 0500).
 */
function fuzzyArms(t: Terms, name: PgColumn | SQL): SQL[] {
  if (t.fuzzy === 'shortWord') return [sql`${name} %> ${t.q}`, sql`${name} %>> ${t.q}`];
  return t.fuzzy === 'word' || !t.tsquery ? [sql`${name} %> ${t.q}`] : [];
}
function fuzzyMatch(t: Terms, name: PgColumn | SQL): SQL | null {
  const arms = fuzzyArms(t, name);
  if (arms.length === 0) return null;
  return arms.length === 1 ? arms[0]! : sql`(${sql.join(arms, sql` or `)})`;
}

/** Whose tracks a match looks at: the owner column and the caller's id (ownedWords). */
export interface Owned {
  column: PgColumn;
  id: string;
}

/**
 * The words arm on one owner's rows: their owned words (ownedWords, `u_… night`) against the
 * query's words parsed as the index parses a document, each prefixed with the owner's id the same
 * way and matched as a prefix. The same words as `to_tsquery('simple', 'night:*')`, read from the
 * owner's entries of the index only (issue 48).
 */
function ownedWordsMatch(t: Terms, owned: Owned, document: SQL | PgColumn): SQL {
  const query = sql`(select string_agg(quote_literal(${owned.id}::text || ' ' || w.lexeme) || ':*', ' & ')
    from unnest(to_tsvector('simple'::regconfig, ${t.words}::text)) w)::tsquery`;
  return sql`${ownedWords(owned.column, document)} @@ ${query}`;
}

/**
 * A name matches when all the words begin words of it (full text, GIN index), or when the query is
 * close enough to a part of it (pg_trgm, trigram GIN index; see fuzzyOf), or when a word of it is
 * the query's one word with one letter wrong or two neighbours swapped (typo keys, GIN expression
 * index; see typoWordOf). `document` defaults to the name itself; the trigram and typo matches look
 * at the name only, as their indexes do. A query with no letters or digits ("%_") still gets the
 * trigram match, as before. With `owned` (tracks: only the caller's, decision 0130), the words arm
 * reads that owner's words only (ownedWordsMatch); the `user_id = …` the caller puts beside the
 * match scopes the trigram and typo arms, whose indexes lead with the owner (issue 48).
 */
export function matches(t: Terms, name: PgColumn | SQL, document: SQL | PgColumn = name, owned?: Owned): SQL {
  const arms = matchArms(t, name, document, owned);
  return arms.length === 1 ? arms[0]! : sql`(${sql.join(arms, sql` or `)})`;
}

/**
 * matches() as its arms, each one index condition: a name matches when any arm does. Track search
 * reads each arm on its own (search.service.ts): as one OR, PostgreSQL evaluated every arm again
 * for each row found, typo keys included (20–30 µs a row), once the owner's id was part of the
 * trigram and typo index conditions (issue 48).
 */
export function matchArms(
  t: Terms,
  name: PgColumn | SQL,
  document: SQL | PgColumn = name,
  owned?: Owned,
): SQL[] {
  const fuzzy = fuzzyArms(t, name);
  if (!t.tsquery) return fuzzy.length > 0 ? fuzzy : [sql`false`];
  const words = owned ? ownedWordsMatch(t, owned, document) : sql`${searchVector(document)} @@ ${t.tsquery}`;
  return [words, ...fuzzy, ...(t.typo ? [sql`${typoKeys(name)} && ${t.typo}`] : [])];
}

/**
 * Best first (decision 0132): the exact name, then names starting with the query, then by how
 * closely the query matches a part of the name (0–1), plus half a point when all the words are in the
 * document and its full-text rank: a word in a track's notes counts less than a name that matches.
 * A name found only by its typo keys loses a point (decision 0500), which puts it after every name
 * found by its words or trigrams (those score 0.5 or more); the others keep their score.
 */
export function rank(t: Terms, name: PgColumn | SQL, document: SQL | PgColumn = name): SQL<number> {
  const text = sql`(lower(${name}) = lower(${t.q}))::int * 4 + starts_with(lower(${name}), lower(${t.q}))::int * 2 + word_similarity(${t.q}, ${name})`;
  if (!t.tsquery) return sql<number>`(${text})`;
  const words = sql`${searchVector(document)} @@ ${t.tsquery}`;
  const fuzzy = fuzzyMatch(t, name);
  // The trigram match is evaluated only for names that are not found by their words.
  const found =
    t.typo && fuzzy
      ? sql`case when ${words} then 0.5 when ${fuzzy} then 0 else -1 end`
      : sql`(${words})::int * 0.5`;
  return sql<number>`(${text} + ${found} + ts_rank(${searchVector(document)}, ${t.tsquery}))`;
}
