-- Decision 0240: a session that ends (signed out, replaced at sign-in, pruned once expired, swept
-- with a demo account, deleted by hand) is announced on the live-events bus, so every instance
-- closes the event streams it opened, wherever the row was deleted. The payload names the session
-- by the sha256 of its id only: NOTIFY payloads travel to every listener and may be logged, and the
-- id itself is a bearer credential.
CREATE FUNCTION "live_event_from_session_end"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('journal_events', json_build_object(
    'kind', 'session-ended', 'session', encode(sha256(convert_to(OLD."sid", 'UTF8')), 'hex'))::text);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "sessions_live_event" AFTER DELETE ON "sessions"
  FOR EACH ROW EXECUTE FUNCTION "live_event_from_session_end"();
