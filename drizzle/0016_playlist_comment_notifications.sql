-- Decision 0300: a comment on a playlist shared into a collective tells the playlist's owner (kind
-- `playlist_comment`); the entry names the comment and goes with it. Preferences stay one row per
-- (user, kind) with no check on the kind, so the new preference needs no column (decision 0165).
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_ck";--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "playlist_comment_id" integer;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_playlist_comment_id_fk" FOREIGN KEY ("playlist_comment_id") REFERENCES "public"."collective_playlist_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_playlist_comment_idx" ON "notifications" USING btree ("playlist_comment_id");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_ck" CHECK ("notifications"."kind" in ('comment', 'reply', 'mention', 'share', 'join', 'new_version', 'playlist_comment'));