DROP INDEX "tracks_user_created_idx";--> statement-breakpoint
DROP INDEX "tracks_user_file_created_idx";--> statement-breakpoint
CREATE INDEX "tracks_user_uploaded_order_idx" ON "tracks" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "tracks_user_file_date_order_idx" ON "tracks" USING btree ("user_id",coalesce("file_created_at", '-infinity'::timestamptz),"created_at","id");