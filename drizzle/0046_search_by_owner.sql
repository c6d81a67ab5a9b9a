-- Track search by owner (issue 48): a person searches their own tracks only (decision 0130), but the
-- three track search indexes were the instance's. On a million tracks `night` read 50,000 entries of
-- each to keep the caller's few, and a small journal paid for the big ones (390 ms at p50).
-- btree_gin lets a GIN index lead with user_id, so the trigram and typo lookups read the caller's
-- entries only. It is a trusted extension (PostgreSQL 13+), as pg_trgm is; PGlite loads it
-- (db/client.ts).
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
-- A prefix (`night:*`) is looked up in a GIN index as every entry that begins with it, whoever owns
-- the row: a leading user_id column does not narrow that. search_owned_words() gives a document's
-- words ('simple' config, as to_tsvector) each prefixed with the owner's id and a space
-- (`u_… night`), so `'u_… night':*` reads the owner's words only. search-terms.ts builds the query's
-- words the same way (ownedWordsMatch); ranking still uses to_tsvector of the document.
CREATE FUNCTION search_owned_words(owner text, document text) RETURNS tsvector
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT pg_catalog.array_to_tsvector(coalesce(pg_catalog.array_agg(owner || ' ' || w.lexeme), '{}'))
  FROM pg_catalog.unnest(pg_catalog.to_tsvector('pg_catalog.simple'::pg_catalog.regconfig, document)) AS w
$$;--> statement-breakpoint
DROP INDEX "tracks_search_idx";--> statement-breakpoint
DROP INDEX "tracks_name_trgm_idx";--> statement-breakpoint
DROP INDEX "tracks_name_typo_idx";--> statement-breakpoint
CREATE INDEX "tracks_search_idx" ON "tracks" USING gin (search_owned_words("user_id", ("name" || ' ' || coalesce("notes", '')))) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "tracks_name_trgm_idx" ON "tracks" USING gin ("user_id","name" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "tracks_name_typo_idx" ON "tracks" USING gin ("user_id",search_typo_keys("name")) WITH (fastupdate=false);--> statement-breakpoint
-- As migration 0032: no planner statistics on the typo keys (now the index's second column).
ALTER INDEX "tracks_name_typo_idx" ALTER COLUMN 2 SET STATISTICS 0;
