-- Issue 45 (decisions 0700-0749): link kinds (listen, review, upload), passwords, recipients; guest comments, listens, received uploads.
CREATE TABLE "guest_comments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "guest_comments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"share_id" integer NOT NULL,
	"track_id" integer NOT NULL,
	"parent_id" integer,
	"guest_id" text,
	"name" text NOT NULL,
	"user_id" text,
	"content" text NOT NULL,
	"at_seconds" double precision NOT NULL,
	"end_seconds" double precision,
	"track_version" integer DEFAULT 1 NOT NULL,
	"hidden_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guest_comments_author_ck" CHECK (("guest_comments"."guest_id" is null) <> ("guest_comments"."user_id" is null))
);
--> statement-breakpoint
CREATE TABLE "share_listens" (
	"share_id" integer NOT NULL,
	"listener_id" text NOT NULL,
	"track_id" integer NOT NULL,
	"heard" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"furthest_seconds" real DEFAULT 0 NOT NULL,
	"plays" integer DEFAULT 0 NOT NULL,
	"downloads" integer DEFAULT 0 NOT NULL,
	"first_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "share_listens_share_id_listener_id_track_id_pk" PRIMARY KEY("share_id","listener_id","track_id")
);
--> statement-breakpoint
CREATE TABLE "share_uploads" (
	"track_id" integer PRIMARY KEY NOT NULL,
	"share_id" integer,
	"guest_id" text NOT NULL,
	"guest_name" text NOT NULL,
	"link_label" text,
	"size" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_ck";--> statement-breakpoint
ALTER TABLE "share_links" DROP CONSTRAINT "share_links_one_item_ck";--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "share_id" integer;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "guest_comment_id" integer;--> statement-breakpoint
ALTER TABLE "share_links" ADD COLUMN "kind" text DEFAULT 'listen' NOT NULL;--> statement-breakpoint
ALTER TABLE "share_links" ADD COLUMN "password_hash" text;--> statement-breakpoint
ALTER TABLE "share_links" ADD COLUMN "recipient" text;--> statement-breakpoint
ALTER TABLE "share_links" ADD COLUMN "comments_closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "share_links" ADD COLUMN "max_files" integer;--> statement-breakpoint
ALTER TABLE "share_links" ADD COLUMN "max_bytes" bigint;--> statement-breakpoint
ALTER TABLE "share_links" ADD COLUMN "leak_alerted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "guest_comments" ADD CONSTRAINT "guest_comments_share_id_share_links_id_fk" FOREIGN KEY ("share_id") REFERENCES "public"."share_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_comments" ADD CONSTRAINT "guest_comments_track_id_tracks_id_fk" FOREIGN KEY ("track_id") REFERENCES "public"."tracks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_comments" ADD CONSTRAINT "guest_comments_parent_id_guest_comments_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."guest_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_comments" ADD CONSTRAINT "guest_comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_listens" ADD CONSTRAINT "share_listens_share_id_share_links_id_fk" FOREIGN KEY ("share_id") REFERENCES "public"."share_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_listens" ADD CONSTRAINT "share_listens_track_id_tracks_id_fk" FOREIGN KEY ("track_id") REFERENCES "public"."tracks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_uploads" ADD CONSTRAINT "share_uploads_track_id_tracks_id_fk" FOREIGN KEY ("track_id") REFERENCES "public"."tracks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_uploads" ADD CONSTRAINT "share_uploads_share_id_share_links_id_fk" FOREIGN KEY ("share_id") REFERENCES "public"."share_links"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "guest_comments_track_idx" ON "guest_comments" USING btree ("track_id","at_seconds");--> statement-breakpoint
CREATE INDEX "guest_comments_share_idx" ON "guest_comments" USING btree ("share_id","created_at");--> statement-breakpoint
CREATE INDEX "guest_comments_parent_idx" ON "guest_comments" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "guest_comments_user_idx" ON "guest_comments" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "share_listens_share_last_idx" ON "share_listens" USING btree ("share_id","last_at");--> statement-breakpoint
CREATE INDEX "share_listens_track_idx" ON "share_listens" USING btree ("track_id");--> statement-breakpoint
CREATE INDEX "share_uploads_share_idx" ON "share_uploads" USING btree ("share_id","guest_id");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_share_id_share_links_id_fk" FOREIGN KEY ("share_id") REFERENCES "public"."share_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_guest_comment_id_guest_comments_id_fk" FOREIGN KEY ("guest_comment_id") REFERENCES "public"."guest_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_share_idx" ON "notifications" USING btree ("share_id");--> statement-breakpoint
CREATE INDEX "notifications_guest_comment_idx" ON "notifications" USING btree ("guest_comment_id");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_ck" CHECK ("notifications"."kind" in ('comment', 'reply', 'mention', 'share', 'join', 'new_version', 'playlist_comment', 'export_ready', 'content_hidden', 'report_reviewed', 'version_answers', 'guest_comment', 'guest_upload', 'share_leak'));--> statement-breakpoint
ALTER TABLE "share_links" ADD CONSTRAINT "share_links_kind_ck" CHECK ("share_links"."kind" in ('listen', 'review', 'upload'));--> statement-breakpoint
ALTER TABLE "share_links" ADD CONSTRAINT "share_links_upload_caps_ck" CHECK (("share_links"."kind" = 'upload') = ("share_links"."max_files" is not null and "share_links"."max_bytes" is not null));--> statement-breakpoint
ALTER TABLE "share_links" ADD CONSTRAINT "share_links_one_item_ck" CHECK (num_nonnulls("share_links"."track_id", "share_links"."playlist_id") = case when "share_links"."kind" = 'upload' then 0 else 1 end);