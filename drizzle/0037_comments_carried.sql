-- Issue 44 (decisions 0670-0673): a comment is carried forward once; "vN answers your comments" in the inbox.
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_ck";--> statement-breakpoint
DROP INDEX "track_comments_carried_from_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "track_comments_carried_once_uq" ON "track_comments" USING btree ("carried_from_comment_id") WHERE "track_comments"."carried_from_comment_id" is not null;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_ck" CHECK ("notifications"."kind" in ('comment', 'reply', 'mention', 'share', 'join', 'new_version', 'playlist_comment', 'export_ready', 'content_hidden', 'report_reviewed', 'version_answers'));