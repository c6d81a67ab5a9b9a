CREATE TABLE "presence" (
	"user_id" text NOT NULL,
	"instance_id" text NOT NULL,
	"streams" integer NOT NULL,
	"last_seen" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "presence_user_id_instance_id_pk" PRIMARY KEY("user_id","instance_id")
);
--> statement-breakpoint
ALTER TABLE "presence" ADD CONSTRAINT "presence_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Decision 0100: the changes a signed-in person sees live are announced by the database itself, in
-- the transaction that makes them (NOTIFY is delivered on commit, never for a rollback), whatever
-- made them: a route, a cascade (a deleted account leaves its collectives), another instance, a
-- hand-written fix. Payloads are ids and kinds only; each instance's event bus (src/server/events)
-- derives what it delivers and to whom.
CREATE FUNCTION "live_event_from_comment"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('journal_events', json_build_object(
    'kind', 'comment', 'collectiveId', NEW."collective_id", 'playlistId', NEW."playlist_id", 'commentId', NEW."id")::text);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "collective_playlist_comments_live_event" AFTER INSERT ON "collective_playlist_comments"
  FOR EACH ROW EXECUTE FUNCTION "live_event_from_comment"();--> statement-breakpoint
CREATE FUNCTION "live_event_from_share"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "row" "playlist_collective_shares" := CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
BEGIN
  PERFORM pg_notify('journal_events', json_build_object(
    'kind', 'share', 'collectiveId', "row"."collective_id", 'playlistId', "row"."playlist_id",
    'change', CASE WHEN TG_OP = 'DELETE' THEN 'unshared' ELSE 'shared' END)::text);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "playlist_collective_shares_live_event" AFTER INSERT OR DELETE ON "playlist_collective_shares"
  FOR EACH ROW EXECUTE FUNCTION "live_event_from_share"();--> statement-breakpoint
CREATE FUNCTION "live_event_from_member"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "row" "collective_members" := CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
BEGIN
  PERFORM pg_notify('journal_events', json_build_object(
    'kind', 'member', 'collectiveId', "row"."collective_id", 'userId', "row"."user_id",
    'change', CASE TG_OP WHEN 'INSERT' THEN 'joined' WHEN 'DELETE' THEN 'left' ELSE 'role' END)::text);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "collective_members_live_event" AFTER INSERT OR DELETE OR UPDATE OF "role" ON "collective_members"
  FOR EACH ROW EXECUTE FUNCTION "live_event_from_member"();--> statement-breakpoint
-- Presence: only a row appearing (first stream of a user on an instance) or disappearing (last
-- stream closed, instance stopped, row expired) can change whether someone is online; heartbeats
-- and stream counts stay silent.
CREATE FUNCTION "live_event_from_presence"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('journal_events', json_build_object(
    'kind', 'presence', 'userId', CASE WHEN TG_OP = 'DELETE' THEN OLD."user_id" ELSE NEW."user_id" END)::text);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "presence_live_event" AFTER INSERT OR DELETE ON "presence"
  FOR EACH ROW EXECUTE FUNCTION "live_event_from_presence"();
