CREATE TABLE "notification_preferences" (
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"in_app" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_preferences_user_id_kind_pk" PRIMARY KEY("user_id","kind")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"actor_id" text,
	"collective_id" integer,
	"playlist_id" integer,
	"track_id" integer,
	"comment_id" integer,
	"at_seconds" double precision,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_kind_ck" CHECK ("notifications"."kind" in ('comment', 'reply', 'mention', 'share', 'join'))
);
--> statement-breakpoint
CREATE TABLE "track_comments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "track_comments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"collective_id" integer NOT NULL,
	"track_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"parent_id" integer,
	"content" text NOT NULL,
	"at_seconds" double precision NOT NULL,
	"end_seconds" double precision,
	"resolved_at" timestamp with time zone,
	"edited_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "track_comments_position_ck" CHECK ("track_comments"."at_seconds" >= 0),
	CONSTRAINT "track_comments_range_ck" CHECK ("track_comments"."end_seconds" is null or "track_comments"."end_seconds" > "track_comments"."at_seconds")
);
--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_collective_id_collectives_id_fk" FOREIGN KEY ("collective_id") REFERENCES "public"."collectives"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_playlist_id_playlists_id_fk" FOREIGN KEY ("playlist_id") REFERENCES "public"."playlists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_track_id_tracks_id_fk" FOREIGN KEY ("track_id") REFERENCES "public"."tracks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_comment_id_track_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."track_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "track_comments" ADD CONSTRAINT "track_comments_collective_id_collectives_id_fk" FOREIGN KEY ("collective_id") REFERENCES "public"."collectives"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "track_comments" ADD CONSTRAINT "track_comments_track_id_tracks_id_fk" FOREIGN KEY ("track_id") REFERENCES "public"."tracks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "track_comments" ADD CONSTRAINT "track_comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "track_comments" ADD CONSTRAINT "track_comments_parent_id_track_comments_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."track_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "notifications_actor_idx" ON "notifications" USING btree ("actor_id");--> statement-breakpoint
CREATE INDEX "notifications_collective_idx" ON "notifications" USING btree ("collective_id");--> statement-breakpoint
CREATE INDEX "notifications_comment_idx" ON "notifications" USING btree ("comment_id");--> statement-breakpoint
CREATE INDEX "notifications_playlist_idx" ON "notifications" USING btree ("playlist_id");--> statement-breakpoint
CREATE INDEX "notifications_track_idx" ON "notifications" USING btree ("track_id");--> statement-breakpoint
CREATE INDEX "track_comments_thread_idx" ON "track_comments" USING btree ("collective_id","track_id","at_seconds");--> statement-breakpoint
CREATE INDEX "track_comments_track_idx" ON "track_comments" USING btree ("track_id");--> statement-breakpoint
CREATE INDEX "track_comments_user_idx" ON "track_comments" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "track_comments_parent_idx" ON "track_comments" USING btree ("parent_id");--> statement-breakpoint
-- Decision 0100's pattern for timed comments and notifications (decision 0163): the database
-- announces every change in the transaction that makes it; payloads are ids and kinds only.
CREATE FUNCTION "live_event_from_track_comment"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "row" "track_comments" := CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
BEGIN
  PERFORM pg_notify('journal_events', json_build_object(
    'kind', 'track-comment', 'collectiveId', "row"."collective_id", 'trackId', "row"."track_id",
    'commentId', "row"."id", 'parentId', "row"."parent_id",
    'change', CASE TG_OP WHEN 'INSERT' THEN 'added' WHEN 'DELETE' THEN 'deleted' ELSE 'edited' END)::text);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "track_comments_live_event" AFTER INSERT OR DELETE OR UPDATE ON "track_comments"
  FOR EACH ROW EXECUTE FUNCTION "live_event_from_track_comment"();--> statement-breakpoint
CREATE FUNCTION "live_event_from_notification"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('journal_events', json_build_object(
    'kind', 'notification', 'userId', NEW."user_id", 'notificationId', NEW."id")::text);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "notifications_live_event" AFTER INSERT ON "notifications"
  FOR EACH ROW EXECUTE FUNCTION "live_event_from_notification"();
