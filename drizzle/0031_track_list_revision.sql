ALTER TABLE "tracks" ADD COLUMN "list_revision" bigint DEFAULT nextval('journal_revision_seq') NOT NULL;--> statement-breakpoint
-- Decision 0490: the journal list cache patches itself per track instead of reading the whole list
-- again after each change. Every track carries the revision of its last change; any update renews
-- it, here in the database so that no writer can forget (as users.journal_revision, migration 0004).
CREATE FUNCTION "track_list_revision"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."list_revision" := nextval('journal_revision_seq');
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "tracks_list_revision" BEFORE UPDATE ON "tracks"
  FOR EACH ROW EXECUTE FUNCTION "track_list_revision"();--> statement-breakpoint
-- A track's equipment is part of its row in the list: tagging, untagging and editing a piece of
-- equipment renew the tracks concerned, and through them (0004's tracks triggers) their owners.
CREATE OR REPLACE FUNCTION "journal_revision_from_track_equipment"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "tracks" SET "list_revision" = 0 WHERE "id" IN (SELECT "track_id" FROM "new_rows");
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "tracks" SET "list_revision" = 0 WHERE "id" IN (SELECT "track_id" FROM "old_rows");
  ELSE
    UPDATE "tracks" SET "list_revision" = 0 WHERE "id" IN (
      SELECT "track_id" FROM "new_rows" UNION SELECT "track_id" FROM "old_rows");
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "journal_revision_from_equipment"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "tracks" SET "list_revision" = 0 WHERE "id" IN (
    SELECT te."track_id" FROM "track_equipment_tags" te
    WHERE te."equipment_tag_id" IN (SELECT "id" FROM "new_rows" UNION SELECT "id" FROM "old_rows"));
  RETURN NULL;
END $$;--> statement-breakpoint
-- PGlite (one process, one session) keeps each journal's revision in memory and is told of every
-- new one here, in the committing transaction; the app turns this on for its PGlite session only
-- (PostgreSQL's instances read the revision, and stay free of NOTIFY's commit-time lock).
CREATE FUNCTION "journal_revision_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('journal_revision', OLD."id");
  ELSE
    PERFORM pg_notify('journal_revision', NEW."id" || ' ' || NEW."journal_revision");
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_journal_revision_notify" AFTER UPDATE OF "journal_revision" OR DELETE ON "users"
  FOR EACH ROW WHEN (current_setting('journal.revision_notify', true) = 'on')
  EXECUTE FUNCTION "journal_revision_notify"();
