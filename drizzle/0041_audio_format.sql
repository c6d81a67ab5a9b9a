ALTER TABLE "track_versions" ADD COLUMN "sample_rate" integer;--> statement-breakpoint
ALTER TABLE "track_versions" ADD COLUMN "channels" integer;--> statement-breakpoint
ALTER TABLE "tracks" ADD COLUMN "sample_rate" integer;--> statement-breakpoint
ALTER TABLE "tracks" ADD COLUMN "channels" integer;