DROP INDEX "collectives_search_idx";--> statement-breakpoint
DROP INDEX "collectives_name_trgm_idx";--> statement-breakpoint
DROP INDEX "equipment_tags_search_idx";--> statement-breakpoint
DROP INDEX "equipment_tags_name_trgm_idx";--> statement-breakpoint
DROP INDEX "playlists_search_idx";--> statement-breakpoint
DROP INDEX "playlists_name_trgm_idx";--> statement-breakpoint
DROP INDEX "tracks_search_idx";--> statement-breakpoint
DROP INDEX "tracks_name_trgm_idx";--> statement-breakpoint
DROP INDEX "users_public_search_idx";--> statement-breakpoint
DROP INDEX "users_public_name_trgm_idx";--> statement-breakpoint
CREATE INDEX "collectives_search_idx" ON "collectives" USING gin (to_tsvector('simple'::regconfig, "name")) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "collectives_name_trgm_idx" ON "collectives" USING gin ("name" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "equipment_tags_search_idx" ON "equipment_tags" USING gin (to_tsvector('simple'::regconfig, "name")) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "equipment_tags_name_trgm_idx" ON "equipment_tags" USING gin ("name" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "playlists_search_idx" ON "playlists" USING gin (to_tsvector('simple'::regconfig, "name")) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "playlists_name_trgm_idx" ON "playlists" USING gin ("name" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "tracks_search_idx" ON "tracks" USING gin (to_tsvector('simple'::regconfig, ("name" || ' ' || coalesce("notes", '')))) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "tracks_name_trgm_idx" ON "tracks" USING gin ("name" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "users_public_search_idx" ON "users" USING gin (to_tsvector('simple'::regconfig, (coalesce("username", '') || ' ' || coalesce("first_name", '') || ' ' || coalesce("last_name", '')))) WITH (fastupdate=false) WHERE "users"."is_public";--> statement-breakpoint
CREATE INDEX "users_public_name_trgm_idx" ON "users" USING gin ((coalesce("username", '') || ' ' || coalesce("first_name", '') || ' ' || coalesce("last_name", '')) gin_trgm_ops) WITH (fastupdate=false) WHERE "users"."is_public";