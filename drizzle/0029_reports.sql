CREATE TABLE "reports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"reporter_id" text NOT NULL,
	"track_id" integer,
	"track_comment_id" integer,
	"playlist_comment_id" integer,
	"profile_user_id" text,
	"equipment_id" integer,
	"reason" text NOT NULL,
	"note" text,
	"state" text DEFAULT 'open' NOT NULL,
	"outcome" text,
	"resolved_by_id" text,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reports_one_target_ck" CHECK (num_nonnulls("reports"."track_id", "reports"."track_comment_id", "reports"."playlist_comment_id", "reports"."profile_user_id", "reports"."equipment_id") = 1),
	CONSTRAINT "reports_reason_ck" CHECK ("reports"."reason" in ('spam', 'abuse', 'copyright', 'other')),
	CONSTRAINT "reports_state_ck" CHECK ("reports"."state" in ('open', 'resolved'))
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_ck";--> statement-breakpoint
ALTER TABLE "collective_playlist_comments" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "notice" text;--> statement-breakpoint
ALTER TABLE "track_comments" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tracks" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "profile_hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_track_id_tracks_id_fk" FOREIGN KEY ("track_id") REFERENCES "public"."tracks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_track_comment_id_track_comments_id_fk" FOREIGN KEY ("track_comment_id") REFERENCES "public"."track_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_playlist_comment_id_collective_playlist_comments_id_fk" FOREIGN KEY ("playlist_comment_id") REFERENCES "public"."collective_playlist_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_profile_user_id_users_id_fk" FOREIGN KEY ("profile_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_equipment_id_equipment_tags_id_fk" FOREIGN KEY ("equipment_id") REFERENCES "public"."equipment_tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_resolved_by_id_users_id_fk" FOREIGN KEY ("resolved_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reports_state_idx" ON "reports" USING btree ("state","created_at");--> statement-breakpoint
CREATE INDEX "reports_reporter_idx" ON "reports" USING btree ("reporter_id");--> statement-breakpoint
CREATE INDEX "reports_track_idx" ON "reports" USING btree ("track_id");--> statement-breakpoint
CREATE INDEX "reports_track_comment_idx" ON "reports" USING btree ("track_comment_id");--> statement-breakpoint
CREATE INDEX "reports_playlist_comment_idx" ON "reports" USING btree ("playlist_comment_id");--> statement-breakpoint
CREATE INDEX "reports_profile_idx" ON "reports" USING btree ("profile_user_id");--> statement-breakpoint
CREATE INDEX "reports_equipment_idx" ON "reports" USING btree ("equipment_id");--> statement-breakpoint
CREATE INDEX "reports_resolved_by_idx" ON "reports" USING btree ("resolved_by_id");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_ck" CHECK ("notifications"."kind" in ('comment', 'reply', 'mention', 'share', 'join', 'new_version', 'playlist_comment', 'export_ready', 'content_hidden'));