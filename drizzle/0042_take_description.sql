ALTER TABLE "track_versions" ADD COLUMN "bpm" real;--> statement-breakpoint
ALTER TABLE "track_versions" ADD COLUMN "bpm_confidence" real;--> statement-breakpoint
ALTER TABLE "track_versions" ADD COLUMN "musical_key" text;--> statement-breakpoint
ALTER TABLE "track_versions" ADD COLUMN "key_confidence" real;--> statement-breakpoint
ALTER TABLE "track_versions" ADD COLUMN "loudness_range" real;--> statement-breakpoint
ALTER TABLE "track_versions" ADD COLUMN "fingerprint" text;--> statement-breakpoint
ALTER TABLE "track_versions" ADD COLUMN "silences" jsonb;--> statement-breakpoint
ALTER TABLE "track_versions" ADD COLUMN "analysis_level" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tracks" ADD COLUMN "bpm" real;--> statement-breakpoint
ALTER TABLE "tracks" ADD COLUMN "bpm_confidence" real;--> statement-breakpoint
ALTER TABLE "tracks" ADD COLUMN "musical_key" text;--> statement-breakpoint
ALTER TABLE "tracks" ADD COLUMN "key_confidence" real;--> statement-breakpoint
ALTER TABLE "tracks" ADD COLUMN "loudness_range" real;--> statement-breakpoint
ALTER TABLE "tracks" ADD COLUMN "fingerprint" text;--> statement-breakpoint
ALTER TABLE "tracks" ADD COLUMN "silences" jsonb;--> statement-breakpoint
ALTER TABLE "tracks" ADD COLUMN "analysis_level" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tracks" ADD COLUMN "owner_bpm" real;--> statement-breakpoint
ALTER TABLE "tracks" ADD COLUMN "owner_key" text;--> statement-breakpoint
ALTER TABLE "tracks" ADD COLUMN "fingerprint_hashes" integer[];--> statement-breakpoint
CREATE INDEX "tracks_fingerprint_hashes_idx" ON "tracks" USING gin ("fingerprint_hashes") WITH (fastupdate=false);