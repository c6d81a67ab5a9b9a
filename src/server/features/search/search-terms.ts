import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { SEARCH } from '../../../shared/constants';
import { searchVector } from '../../db/schema/search-documents';

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

/** What one search matches with: the text as typed, its tsquery and its kind of trigram match. */
export interface Terms {
  q: SQL;
  tsquery: SQL | null;
  fuzzy: Fuzzy;
}

export function termsOf(text: string): Terms {
  const ts = prefixTsquery(text);
  return {
    q: sql`${text}::text`,
    tsquery: ts ? sql`to_tsquery('simple'::regconfig, ${ts}::text)` : null,
    fuzzy: fuzzyOf(text),
  };
}

/**
 * A name matches when all the words begin words of it (full text, GIN index), or when the query is
 * close enough to a part of it (pg_trgm, trigram GIN index; see fuzzyOf). `document` defaults to the
 * name itself. A query with no letters or digits ("%_") still gets the trigram match, as before.
 */
export function matches(t: Terms, name: PgColumn | SQL, document: SQL | PgColumn = name): SQL {
  const fuzzy =
    t.fuzzy === 'shortWord'
      ? sql`(${t.q} <% ${name} or ${t.q} <<% ${name})`
      : t.fuzzy === 'word' || !t.tsquery
        ? sql`${t.q} <% ${name}`
        : null;
  if (!t.tsquery) return fuzzy ?? sql`false`;
  const words = sql`${searchVector(document)} @@ ${t.tsquery}`;
  return fuzzy ? sql`(${words} or ${fuzzy})` : words;
}

/**
 * Best first (decision 0132): the exact name, then names starting with the query, then by how
 * closely the query matches a part of the name (0–1), plus half a point when all the words are in the
 * document and its full-text rank: a word in a track's notes counts less than a name that matches.
 */
export function rank(t: Terms, name: PgColumn | SQL, document: SQL | PgColumn = name): SQL<number> {
  const text = sql`(lower(${name}) = lower(${t.q}))::int * 4 + starts_with(lower(${name}), lower(${t.q}))::int * 2 + word_similarity(${t.q}, ${name})`;
  return t.tsquery
    ? sql<number>`(${text} + (${searchVector(document)} @@ ${t.tsquery})::int * 0.5 + ts_rank(${searchVector(document)}, ${t.tsquery}))`
    : sql<number>`(${text})`;
}
