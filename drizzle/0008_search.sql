-- Search (issue 13, decision 0131): trigram similarity for typo-tolerant names. pg_trgm is a trusted
-- extension (PostgreSQL 13+), so the database owner may create it; PGlite loads it (db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
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