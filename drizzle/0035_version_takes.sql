ALTER TABLE "share_links" ADD COLUMN "allow_versions" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "track_versions" ADD COLUMN "processing_state" text;--> statement-breakpoint
ALTER TABLE "track_versions" ADD COLUMN "processing_error" text;--> statement-breakpoint
ALTER TABLE "track_versions" ADD COLUMN "original_playable" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "track_versions" ADD COLUMN "rendition_key" text;--> statement-breakpoint
ALTER TABLE "track_versions" ADD COLUMN "rendition_mime_type" text;--> statement-breakpoint
ALTER TABLE "track_versions" ADD COLUMN "peaks_key" text;--> statement-breakpoint
ALTER TABLE "track_versions" ADD COLUMN "loudness_lufs" real;--> statement-breakpoint
ALTER TABLE "track_versions" ADD COLUMN "true_peak_db" real;--> statement-breakpoint
ALTER TABLE "track_versions" ADD COLUMN "duration" real;--> statement-breakpoint
ALTER TABLE "track_versions" ADD COLUMN "onsets" text;--> statement-breakpoint
ALTER TABLE "track_versions" ADD COLUMN "audio_start_seconds" real;--> statement-breakpoint
ALTER TABLE "track_versions" ADD COLUMN "align_seconds" real;--> statement-breakpoint
ALTER TABLE "tracks" ADD COLUMN "onsets" text;--> statement-breakpoint
ALTER TABLE "tracks" ADD COLUMN "audio_start_seconds" real;--> statement-breakpoint
CREATE INDEX "track_versions_processing_state_idx" ON "track_versions" USING btree ("processing_state");--> statement-breakpoint
-- Decision 0600 (hand-appended): an earlier version keeps what processing made of its file. When a
-- new version replaces the current one, the track's rendition and peaks move onto the replaced
-- version's row; the track's trigger then must not queue them (as 0026 does for the original), and
-- the version row queues them when it lets go of them (the owner removes the file, or the row goes).
DROP TRIGGER "track_versions_blob_deletions" ON "track_versions";--> statement-breakpoint
CREATE TRIGGER "track_versions_blob_deletions" AFTER UPDATE OF "storage_key", "rendition_key", "peaks_key" OR DELETE ON "track_versions"
  FOR EACH ROW EXECUTE FUNCTION "blob_deletions_enqueue"('storage_key', 'rendition_key', 'peaks_key');--> statement-breakpoint
DROP TRIGGER "tracks_blob_deletions" ON "tracks";--> statement-breakpoint
CREATE TRIGGER "tracks_blob_deletions" AFTER UPDATE OF "og_image_key" OR DELETE ON "tracks"
  FOR EACH ROW EXECUTE FUNCTION "blob_deletions_enqueue"('og_image_key');--> statement-breakpoint
CREATE FUNCTION "tracks_derived_blob_deletions_enqueue"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ref_column text;
  old_ref text;
BEGIN
  FOREACH ref_column IN ARRAY ARRAY['rendition_key', 'peaks_key'] LOOP
    old_ref := to_jsonb(OLD) ->> ref_column;
    IF old_ref IS NOT NULL AND (TG_OP = 'DELETE' OR (old_ref IS DISTINCT FROM (to_jsonb(NEW) ->> ref_column)
      AND NOT EXISTS (
        SELECT 1 FROM "track_versions" v
        WHERE v."track_id" = OLD."id" AND (v."rendition_key" = old_ref OR v."peaks_key" = old_ref)
      ))) THEN
      INSERT INTO "blob_deletions" ("ref") VALUES (old_ref);
    END IF;
  END LOOP;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "tracks_derived_blob_deletions" AFTER UPDATE OF "rendition_key", "peaks_key" OR DELETE ON "tracks"
  FOR EACH ROW EXECUTE FUNCTION "tracks_derived_blob_deletions_enqueue"();--> statement-breakpoint
-- The versions kept so far were never processed: each earlier version with a file waits for the
-- queue (start-up queues every pending version, as it does pending tracks).
UPDATE "track_versions" v SET "processing_state" = 'pending'
  FROM "tracks" t
  WHERE t."id" = v."track_id" AND v."storage_key" IS NOT NULL AND v."version" <> t."version";
