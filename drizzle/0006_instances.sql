CREATE TABLE "blob_deletions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "blob_deletions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"ref" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limit_hits" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scheduled_task_runs" (
	"name" text PRIMARY KEY NOT NULL,
	"last_run_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rate_limit_hits_expires_idx" ON "rate_limit_hits" USING btree ("expires_at");--> statement-breakpoint
-- Decision 0095: a blob a row stops pointing at (the row deleted, directly or by cascade, or the
-- column given a new key or image) is queued for removal in the same transaction, here in the
-- database so that no code path can forget (as with 0004's journal revisions). Each trigger names
-- the columns holding blob references (storage keys, or image URLs from saveImageVariants).
CREATE FUNCTION "blob_deletions_enqueue"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ref_column text;
  old_ref text;
BEGIN
  FOREACH ref_column IN ARRAY TG_ARGV LOOP
    old_ref := to_jsonb(OLD) ->> ref_column;
    IF old_ref IS NOT NULL AND (TG_OP = 'DELETE' OR old_ref IS DISTINCT FROM (to_jsonb(NEW) ->> ref_column)) THEN
      INSERT INTO "blob_deletions" ("ref") VALUES (old_ref);
    END IF;
  END LOOP;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "tracks_blob_deletions" AFTER UPDATE OF "filepath", "rendition_key", "peaks_key" OR DELETE ON "tracks"
  FOR EACH ROW EXECUTE FUNCTION "blob_deletions_enqueue"('filepath', 'rendition_key', 'peaks_key');--> statement-breakpoint
CREATE TRIGGER "users_blob_deletions" AFTER UPDATE OF "avatar_url" OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "blob_deletions_enqueue"('avatar_url');--> statement-breakpoint
CREATE TRIGGER "playlists_blob_deletions" AFTER UPDATE OF "image_url" OR DELETE ON "playlists"
  FOR EACH ROW EXECUTE FUNCTION "blob_deletions_enqueue"('image_url');--> statement-breakpoint
CREATE TRIGGER "collectives_blob_deletions" AFTER UPDATE OF "image_url" OR DELETE ON "collectives"
  FOR EACH ROW EXECUTE FUNCTION "blob_deletions_enqueue"('image_url');--> statement-breakpoint
CREATE TRIGGER "equipment_tags_blob_deletions" AFTER UPDATE OF "image_url" OR DELETE ON "equipment_tags"
  FOR EACH ROW EXECUTE FUNCTION "blob_deletions_enqueue"('image_url');
