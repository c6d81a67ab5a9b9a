ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_ck";--> statement-breakpoint
ALTER TABLE "reports" DROP CONSTRAINT "reports_one_target_ck";--> statement-breakpoint
DROP INDEX "reports_one_open_uq";--> statement-breakpoint
ALTER TABLE "equipment_comments" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "equipment_id" integer;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "equipment_comment_id" integer;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_equipment_id_equipment_tags_id_fk" FOREIGN KEY ("equipment_id") REFERENCES "public"."equipment_tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_equipment_comment_id_equipment_comments_id_fk" FOREIGN KEY ("equipment_comment_id") REFERENCES "public"."equipment_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_equipment_idx" ON "notifications" USING btree ("equipment_id");--> statement-breakpoint
CREATE INDEX "reports_equipment_comment_idx" ON "reports" USING btree ("equipment_comment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reports_one_open_uq" ON "reports" USING btree ("reporter_id",coalesce("track_id", 0),coalesce("track_comment_id", 0),coalesce("playlist_comment_id", 0),coalesce("profile_user_id", ''),coalesce("equipment_id", 0),coalesce("equipment_comment_id", 0)) WHERE "reports"."state" = 'open';--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_ck" CHECK ("notifications"."kind" in ('comment', 'reply', 'mention', 'share', 'join', 'new_version', 'playlist_comment', 'export_ready', 'content_hidden', 'report_reviewed'));--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_one_target_ck" CHECK (num_nonnulls("reports"."track_id", "reports"."track_comment_id", "reports"."playlist_comment_id", "reports"."profile_user_id", "reports"."equipment_id", "reports"."equipment_comment_id") = 1);