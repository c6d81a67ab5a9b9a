-- Issue 46 (decisions 0780-0789): the play state Subsonic apps keep per person: play queue, bookmarks, song/album/artist ratings.
CREATE TABLE "bookmarks" (
	"user_id" text NOT NULL,
	"track_id" integer NOT NULL,
	"position_ms" integer NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookmarks_user_id_track_id_pk" PRIMARY KEY("user_id","track_id"),
	CONSTRAINT "bookmarks_position_ck" CHECK ("bookmarks"."position_ms" >= 0)
);
--> statement-breakpoint
CREATE TABLE "library_ratings" (
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"item_id" text NOT NULL,
	"rating" smallint NOT NULL,
	"rated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "library_ratings_user_id_kind_item_id_pk" PRIMARY KEY("user_id","kind","item_id"),
	CONSTRAINT "library_ratings_kind_ck" CHECK ("library_ratings"."kind" in ('album', 'artist')),
	CONSTRAINT "library_ratings_rating_ck" CHECK ("library_ratings"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "play_queue_entries" (
	"user_id" text NOT NULL,
	"position" integer NOT NULL,
	"track_id" integer NOT NULL,
	CONSTRAINT "play_queue_entries_user_id_position_pk" PRIMARY KEY("user_id","position")
);
--> statement-breakpoint
CREATE TABLE "play_queues" (
	"user_id" text PRIMARY KEY NOT NULL,
	"current_index" integer,
	"position_ms" integer DEFAULT 0 NOT NULL,
	"changed_by" text NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "play_queues_position_ck" CHECK ("play_queues"."position_ms" >= 0)
);
--> statement-breakpoint
CREATE TABLE "track_ratings" (
	"user_id" text NOT NULL,
	"track_id" integer NOT NULL,
	"rating" smallint NOT NULL,
	"rated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "track_ratings_user_id_track_id_pk" PRIMARY KEY("user_id","track_id"),
	CONSTRAINT "track_ratings_rating_ck" CHECK ("track_ratings"."rating" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "bookmarks" ADD CONSTRAINT "bookmarks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookmarks" ADD CONSTRAINT "bookmarks_track_id_tracks_id_fk" FOREIGN KEY ("track_id") REFERENCES "public"."tracks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_ratings" ADD CONSTRAINT "library_ratings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "play_queue_entries" ADD CONSTRAINT "play_queue_entries_user_id_play_queues_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."play_queues"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "play_queue_entries" ADD CONSTRAINT "play_queue_entries_track_id_tracks_id_fk" FOREIGN KEY ("track_id") REFERENCES "public"."tracks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "play_queues" ADD CONSTRAINT "play_queues_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "track_ratings" ADD CONSTRAINT "track_ratings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "track_ratings" ADD CONSTRAINT "track_ratings_track_id_tracks_id_fk" FOREIGN KEY ("track_id") REFERENCES "public"."tracks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookmarks_track_idx" ON "bookmarks" USING btree ("track_id");--> statement-breakpoint
CREATE INDEX "play_queue_entries_track_idx" ON "play_queue_entries" USING btree ("track_id");--> statement-breakpoint
CREATE INDEX "track_ratings_track_idx" ON "track_ratings" USING btree ("track_id");