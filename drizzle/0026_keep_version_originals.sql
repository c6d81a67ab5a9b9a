ALTER TABLE "track_versions" ADD COLUMN "storage_key" text;--> statement-breakpoint
ALTER TABLE "track_versions" ADD COLUMN "mime_type" text;--> statement-breakpoint
ALTER TABLE "track_versions" ADD COLUMN "content_hash" text;--> statement-breakpoint
-- Decision 0430 (hand-appended): an earlier version's original is kept on its `track_versions` row.
-- Its key leaves the outbox's sight only through that row: clearing `storage_key` (the owner removes
-- the file) or deleting the row (the track, the account, a demo sweep) queues it (decision 0095).
-- Existing rows get nothing: the files of versions replaced before this migration are gone.
CREATE TRIGGER "track_versions_blob_deletions" AFTER UPDATE OF "storage_key" OR DELETE ON "track_versions"
  FOR EACH ROW EXECUTE FUNCTION "blob_deletions_enqueue"('storage_key');--> statement-breakpoint
-- A track's replaced original is no longer queued when the row takes a new file, unless no version
-- row kept it (a path that swaps files without keeping the old one still leaves no orphan). Its
-- rendition, peaks and preview image are queued as before: they are derived, only the current plays.
DROP TRIGGER "tracks_blob_deletions" ON "tracks";--> statement-breakpoint
CREATE TRIGGER "tracks_blob_deletions" AFTER UPDATE OF "rendition_key", "peaks_key", "og_image_key" OR DELETE ON "tracks"
  FOR EACH ROW EXECUTE FUNCTION "blob_deletions_enqueue"('rendition_key', 'peaks_key', 'og_image_key');--> statement-breakpoint
CREATE FUNCTION "tracks_original_blob_deletions_enqueue"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR (OLD."filepath" IS DISTINCT FROM NEW."filepath" AND NOT EXISTS (
    SELECT 1 FROM "track_versions" v WHERE v."track_id" = OLD."id" AND v."storage_key" = OLD."filepath"
  )) THEN
    INSERT INTO "blob_deletions" ("ref") VALUES (OLD."filepath");
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "tracks_original_blob_deletions" AFTER UPDATE OF "filepath" OR DELETE ON "tracks"
  FOR EACH ROW EXECUTE FUNCTION "tracks_original_blob_deletions_enqueue"();--> statement-breakpoint
-- Version 1's row is written when version 2 replaces it, to keep its file: it is no new version, so
-- it announces nothing (decision 0230's event is for uploads of v2 and later).
DROP TRIGGER "track_versions_live_event" ON "track_versions";--> statement-breakpoint
CREATE TRIGGER "track_versions_live_event" AFTER INSERT ON "track_versions"
  FOR EACH ROW WHEN (NEW."version" > 1) EXECUTE FUNCTION "live_event_from_track_version"();
