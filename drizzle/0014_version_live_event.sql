-- Decision 0230: a new version of a track is announced like every other change the collectives see
-- (decision 0100's pattern): the database notifies in the transaction that records it, with ids
-- only, and each instance works out which collectives (and which of its streams) it concerns.
CREATE FUNCTION "live_event_from_track_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('journal_events', json_build_object(
    'kind', 'version', 'trackId', NEW."track_id", 'version', NEW."version")::text);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "track_versions_live_event" AFTER INSERT ON "track_versions"
  FOR EACH ROW EXECUTE FUNCTION "live_event_from_track_version"();
