ALTER TABLE "security_events" DROP CONSTRAINT "security_events_kind_ck";--> statement-breakpoint
CREATE UNIQUE INDEX "reports_one_open_uq" ON "reports" USING btree ("reporter_id",coalesce("track_id", 0),coalesce("track_comment_id", 0),coalesce("playlist_comment_id", 0),coalesce("profile_user_id", ''),coalesce("equipment_id", 0)) WHERE "reports"."state" = 'open';--> statement-breakpoint
ALTER TABLE "security_events" ADD CONSTRAINT "security_events_kind_ck" CHECK (kind in ('sign_in', 'session_revoked', 'other_sessions_revoked', 'api_key_created', 'api_key_revoked', 'export_requested', 'export_downloaded', 'account_suspended', 'account_unsuspended', 'quota_changed'));--> statement-breakpoint
-- Decision 0455: hiding or unhiding a playlist comment changes who may read it, so each member's
-- browser reads its list again. The event names the comment, never its words.
CREATE FUNCTION "live_event_from_comment_visibility"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('journal_events', json_build_object(
    'kind', 'comment-visibility', 'collectiveId', NEW."collective_id", 'playlistId', NEW."playlist_id",
    'commentId', NEW."id")::text);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "collective_playlist_comments_visibility_live_event"
  AFTER UPDATE OF "hidden_at" ON "collective_playlist_comments"
  FOR EACH ROW WHEN (OLD."hidden_at" IS DISTINCT FROM NEW."hidden_at")
  EXECUTE FUNCTION "live_event_from_comment_visibility"();
