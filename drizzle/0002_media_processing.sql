ALTER TABLE "tracks" ADD COLUMN "processing_state" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "tracks" ADD COLUMN "processing_error" text;--> statement-breakpoint
ALTER TABLE "tracks" ADD COLUMN "original_playable" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tracks" ADD COLUMN "rendition_key" text;--> statement-breakpoint
ALTER TABLE "tracks" ADD COLUMN "rendition_mime_type" text;--> statement-breakpoint
ALTER TABLE "tracks" ADD COLUMN "peaks_key" text;--> statement-breakpoint
ALTER TABLE "tracks" ADD COLUMN "loudness_lufs" real;--> statement-breakpoint
ALTER TABLE "tracks" ADD COLUMN "true_peak_db" real;--> statement-breakpoint
CREATE INDEX "tracks_processing_state_idx" ON "tracks" USING btree ("processing_state");--> statement-breakpoint
-- Tracks uploaded before issue 10 keep streaming as they did (MP3, FLAC and PCM WAV every browser plays)
-- until the start-up enqueue has processed them; the job then decides from the bytes themselves.
UPDATE "tracks" SET "original_playable" = true WHERE "mime_type" IN ('audio/mpeg', 'audio/flac', 'audio/wav');
