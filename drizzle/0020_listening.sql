-- Issue 26: listening data shared by the web app and Subsonic apps: likes (star), album/artist stars,
-- plays (scrobble, the web player) and what each player is playing now.
CREATE TABLE "library_stars" (
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"item_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "library_stars_user_id_kind_item_id_pk" PRIMARY KEY("user_id","kind","item_id"),
	CONSTRAINT "library_stars_kind_ck" CHECK ("library_stars"."kind" in ('album', 'artist'))
);
--> statement-breakpoint
CREATE TABLE "now_playing" (
	"user_id" text NOT NULL,
	"client" text NOT NULL,
	"track_id" integer NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "now_playing_user_id_client_pk" PRIMARY KEY("user_id","client")
);
--> statement-breakpoint
CREATE TABLE "track_likes" (
	"user_id" text NOT NULL,
	"track_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "track_likes_user_id_track_id_pk" PRIMARY KEY("user_id","track_id")
);
--> statement-breakpoint
CREATE TABLE "track_plays" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "track_plays_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"track_id" integer NOT NULL,
	"played_at" timestamp with time zone DEFAULT now() NOT NULL,
	"client" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "library_stars" ADD CONSTRAINT "library_stars_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "now_playing" ADD CONSTRAINT "now_playing_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "now_playing" ADD CONSTRAINT "now_playing_track_id_tracks_id_fk" FOREIGN KEY ("track_id") REFERENCES "public"."tracks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "track_likes" ADD CONSTRAINT "track_likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "track_likes" ADD CONSTRAINT "track_likes_track_id_tracks_id_fk" FOREIGN KEY ("track_id") REFERENCES "public"."tracks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "track_plays" ADD CONSTRAINT "track_plays_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "track_plays" ADD CONSTRAINT "track_plays_track_id_tracks_id_fk" FOREIGN KEY ("track_id") REFERENCES "public"."tracks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "now_playing_started_idx" ON "now_playing" USING btree ("started_at");--> statement-breakpoint
CREATE INDEX "now_playing_track_idx" ON "now_playing" USING btree ("track_id");--> statement-breakpoint
CREATE INDEX "track_likes_user_created_idx" ON "track_likes" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "track_likes_track_idx" ON "track_likes" USING btree ("track_id");--> statement-breakpoint
CREATE INDEX "track_plays_user_played_idx" ON "track_plays" USING btree ("user_id","played_at");--> statement-breakpoint
CREATE INDEX "track_plays_track_user_idx" ON "track_plays" USING btree ("track_id","user_id");