import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * The text search documents of GET /api/search (issue 13, decisions 0130–0131), written once: the
 * GIN expression indexes of the schema and the queries of search.service.ts must use the same
 * expression, or the planner cannot match one to the other.
 *
 * 'simple': no stemming and no stop words. Track, gear and playlist names are not English prose
 * (a stemmer would turn "Juno" into "juno" and "Subsequent" into "subsequ" alike, but also drop
 * "the", "it", "on"…), and the query's words are matched as prefixes (`moo:*`), which finds the
 * inflections a stemmer would (record → recorded, recording) in any language.
 */
export const searchVector = (document: SQL | PgColumn) => sql`to_tsvector('simple'::regconfig, ${document})`;

/** A track is found by its name and its notes (its equipment's names are matched through the tags). */
export const trackDocument = (name: PgColumn, notes: PgColumn) =>
  sql`(${name} || ' ' || coalesce(${notes}, ''))`;

/** A person is found by username, first and last name (never by e-mail). */
export const personDocument = (username: PgColumn, firstName: PgColumn, lastName: PgColumn) =>
  sql`(coalesce(${username}, '') || ' ' || coalesce(${firstName}, '') || ' ' || coalesce(${lastName}, ''))`;

/**
 * The typo keys of a document (decision 0500): search_typo_keys() of migration 0032 gives, for each
 * word of 3 to 7 letters and digits (one letter at least), the word with each letter in turn as `_`
 * ("juno": `_uno`, `j_no`, `ju_o`, `jun_`) and with each pair of neighbours in sorted order between
 * `<` and `>` (`<ju>no`, `j<nu>o`, `ju<no>`). Two words share a key exactly when one has one letter
 * wrong ("jino") or two neighbours swapped ("jnuo"). The keys are an expression index, not a stored
 * column: a wider row made the planner leave the journal's order indexes (decision 0500).
 */
export const typoKeys = (document: SQL | PgColumn) => sql`search_typo_keys(${document})`;

/** A trigram GIN operator class on an expression (drizzle's `.op()` takes columns only). */
export const trigramOps = (document: SQL) => sql`${document} gin_trgm_ops`;

/**
 * Storage options of every search GIN index (decision 0210): no pending list. By default a GIN
 * index parks new entries in an unsorted list that every search reads from start to end until a
 * VACUUM merges it. PGlite never runs autovacuum, so on the embedded database that list only grew:
 * at 5,000 tracks it made a search that finds nothing cost 6 ms of a 9 ms query. Writing each
 * entry into the index at insert costs an upload or a rename a fraction of a millisecond.
 */
export const searchIndexOptions = { fastupdate: false } as const;

/**
 * A track's words, each prefixed with its owner's id and a space (`u_… night`): search_owned_words()
 * of the owner-scoped search migration. Track search only ever looks at the caller's own tracks
 * (decision 0130), and its words are prefixes (`night:*`): a prefix is looked up in a GIN index as
 * every word that begins with it, whoever owns the track, so on an instance of a million tracks
 * `night:*` read 50,000 entries to keep the caller's few (issue 48). Prefixed with the owner, the
 * same lookup (`'u_… night':*`) reads the caller's words only.
 */
export const ownedWords = (owner: PgColumn, document: SQL | PgColumn) =>
  sql`search_owned_words(${owner}, ${document})`;
