CREATE TABLE "transcode_cache" (
	"key" text PRIMARY KEY NOT NULL,
	"track_id" integer NOT NULL,
	"source_key" text NOT NULL,
	"size" bigint NOT NULL,
	"stored" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "transcode_cache" ADD CONSTRAINT "transcode_cache_track_id_tracks_id_fk" FOREIGN KEY ("track_id") REFERENCES "public"."tracks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transcode_cache_track_idx" ON "transcode_cache" USING btree ("track_id");--> statement-breakpoint
CREATE INDEX "transcode_cache_last_used_idx" ON "transcode_cache" USING btree ("last_used_at");--> statement-breakpoint
-- Decision 0400 (hand-appended): a cached transcode's row leaving (eviction, its track's deletion by
-- cascade, a new file for the track below) queues its blob in the outbox of decision 0095, in the
-- same transaction, so no code path can leave a cached file behind.
CREATE TRIGGER "transcode_cache_blob_deletions" AFTER DELETE ON "transcode_cache"
  FOR EACH ROW EXECUTE FUNCTION "blob_deletions_enqueue"('key');--> statement-breakpoint
-- A track's new file (a new version) or new rendition: transcodes of what it played before go.
-- (They could not be served anyway: the cache key names the source key.)
CREATE FUNCTION "transcode_cache_drop_stale"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "transcode_cache"
   WHERE "track_id" = NEW."id"
     AND "source_key" IS DISTINCT FROM NEW."filepath"
     AND "source_key" IS DISTINCT FROM NEW."rendition_key";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "tracks_transcode_cache_stale" AFTER UPDATE OF "filepath", "rendition_key" ON "tracks"
  FOR EACH ROW EXECUTE FUNCTION "transcode_cache_drop_stale"();
