ALTER TABLE "tracks" ADD COLUMN "og_image_key" text;--> statement-breakpoint
-- Decision 0350 (hand-appended): a track's link-preview picture is a blob beside its files, so the
-- outbox trigger of 0006 (decision 0095) names its key too: a new picture (a rename, a new owner
-- name, new peaks) queues the old one for removal, and deleting the track queues it with the rest.
DROP TRIGGER "tracks_blob_deletions" ON "tracks";--> statement-breakpoint
CREATE TRIGGER "tracks_blob_deletions" AFTER UPDATE OF "filepath", "rendition_key", "peaks_key", "og_image_key" OR DELETE ON "tracks"
  FOR EACH ROW EXECUTE FUNCTION "blob_deletions_enqueue"('filepath', 'rendition_key', 'peaks_key', 'og_image_key');
