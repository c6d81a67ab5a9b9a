-- Search (issue 13, decision 0131): trigram similarity for typo-tolerant names. pg_trgm is a trusted
-- extension (PostgreSQL 13+), so the database owner may create it; PGlite loads it (db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
-- pg_trgm declares its comparisons as cheap as an equality (cost 1), so on a table of a few thousand
-- rows the planner scans every row computing similarities (20–100 ms for 5,000 tracks) instead of
-- asking the trigram index (1–2 ms). Telling it their true cost makes it use the index. Only the
-- extension's owner may; where that is not us, search still works, just slower (decision 0131).
DO $$ BEGIN
  ALTER FUNCTION word_similarity_op(text, text) COST 100;
  ALTER FUNCTION word_similarity_commutator_op(text, text) COST 100;
  ALTER FUNCTION word_similarity(text, text) COST 100;
  ALTER FUNCTION similarity_op(text, text) COST 100;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'pg_trgm belongs to another role: its function costs are left as they are';
END $$;--> statement-breakpoint
CREATE INDEX "collectives_search_idx" ON "collectives" USING gin (to_tsvector('simple'::regconfig, "name"));--> statement-breakpoint
CREATE INDEX "collectives_name_trgm_idx" ON "collectives" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "equipment_tags_search_idx" ON "equipment_tags" USING gin (to_tsvector('simple'::regconfig, "name"));--> statement-breakpoint
CREATE INDEX "equipment_tags_name_trgm_idx" ON "equipment_tags" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "playlists_search_idx" ON "playlists" USING gin (to_tsvector('simple'::regconfig, "name"));--> statement-breakpoint
CREATE INDEX "playlists_name_trgm_idx" ON "playlists" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tracks_search_idx" ON "tracks" USING gin (to_tsvector('simple'::regconfig, ("name" || ' ' || coalesce("notes", ''))));--> statement-breakpoint
CREATE INDEX "tracks_name_trgm_idx" ON "tracks" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_public_search_idx" ON "users" USING gin (to_tsvector('simple'::regconfig, (coalesce("username", '') || ' ' || coalesce("first_name", '') || ' ' || coalesce("last_name", '')))) WHERE "users"."is_public";--> statement-breakpoint
CREATE INDEX "users_public_name_trgm_idx" ON "users" USING gin ((coalesce("username", '') || ' ' || coalesce("first_name", '') || ' ' || coalesce("last_name", '')) gin_trgm_ops) WHERE "users"."is_public";