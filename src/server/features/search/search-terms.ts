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

/**
 * The typo keys (decision 0480) a one-word query of letters only looks for among those every name
 * has (search-documents.ts, typoKeysOf): the word with each letter in turn as `?` (one letter wrong:
 * "j?no" is a key of both "jino" and "juno"), then with each pair of neighbouring letters swapped
 * ("jnuo" → "juno", a word of the name as it is). Null for several words, digits (a number with a
 * digit changed is another number) or fewer than SEARCH.typoMinLength letters.
 */
export function typoFormsOf(q: string): string[] | null {
  const words = wordsOf(q);
  if (words.length !== 1 || !/^\p{L}+$/u.test(words[0]!)) return null;
  // By code point, as PostgreSQL's length() and overlay() count.
  const letters = Array.from(words[0]!);
  if (letters.length < SEARCH.typoMinLength) return null;
  const forms = new Set<string>();
  if (letters.length <= SEARCH.typoSubstitutionMaxLength) {
    for (let i = 0; i < letters.length; i++) forms.add(letters.with(i, '?').join(''));
  }
  for (let i = 0; i + 1 < letters.length; i++) {
    const [a, b] = [letters[i]!, letters[i + 1]!];
    if (a !== b) forms.add([...letters.slice(0, i), b, a, ...letters.slice(i + 2)].join(''));
  }
  return [...forms];
}

/** What one search matches with: the text as typed, its tsquery and its kinds of typo match. */
export interface Terms {
  q: SQL;
  tsquery: SQL | null;
  fuzzy: Fuzzy;
  /** typoFormsOf as a text[], null when the query gets no typo match. */
  typoForms: SQL | null;
}

export function termsOf(text: string): Terms {
  const ts = prefixTsquery(text);
  const forms = typoFormsOf(text);
  return {
    q: sql`${text}::text`,
    tsquery: ts ? sql`to_tsquery('simple'::regconfig, ${ts}::text)` : null,
    fuzzy: fuzzyOf(text),
    typoForms:
      forms &&
      sql`array[${sql.join(
        forms.map((f) => sql`${f}`),
        sql`, `,
      )}]::text[]`,
  };
}

/** Where a row's name is matched: the name, its full-text document and its typo keys. */
export interface Target {
  name: PgColumn | SQL;
  /** Defaults to the name itself. */
  document?: SQL | PgColumn;
  /** The row's stored typo keys (search-documents.ts, typoKeysOf). */
  typoKeys: SQL;
}

/**
 * A name matches when all the words begin words of its document (full text, GIN index), or when the
 * query is close enough to a part of it (pg_trgm, trigram GIN index; see fuzzyOf), or when a word of
 * it is the query's one word with one letter wrong or two neighbours swapped (its typo keys, GIN
 * index; see typoFormsOf). A query with no letters or digits ("%_") still gets the trigram match.
 */
export function matches(t: Terms, { name, document = name, typoKeys }: Target): SQL {
  const fuzzy =
    t.fuzzy === 'shortWord'
      ? sql`(${t.q} <% ${name} or ${t.q} <<% ${name})`
      : t.fuzzy === 'word' || !t.tsquery
        ? sql`${t.q} <% ${name}`
        : null;
  const arms = [
    t.tsquery ? sql`${searchVector(document)} @@ ${t.tsquery}` : null,
    fuzzy,
    t.typoForms ? sql`${typoKeys} && ${t.typoForms}` : null,
  ].filter((arm): arm is SQL => arm !== null);
  if (arms.length === 0) return sql`false`;
  return arms.length === 1 ? arms[0]! : sql`(${sql.join(arms, sql` or `)})`;
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
