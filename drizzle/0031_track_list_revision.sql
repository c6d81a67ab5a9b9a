ALTER TABLE "tracks" ADD COLUMN "list_revision" bigint DEFAULT nextval('journal_revision_seq') NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "journal_removal_revision" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "tracks_user_list_revision_idx" ON "tracks" USING btree ("user_id","list_revision");--> statement-breakpoint
-- Decision 0490: the journal list cache patches itself per track instead of reading the whole list
-- again after each change. Every track carries the revision of its last change; any update renews
-- it (an insert takes one too), here in the database so that no writer can forget (as
-- users.journal_revision, migration 0004).
CREATE FUNCTION "track_list_revision"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The owner's row first, as 0004's statement triggers lock it a moment later (FOR NO KEY UPDATE,
  -- which rows merely referring to the person do not wait for): while it is
  -- held no other change of this journal can commit, so revisions commit in the order they are
  -- taken and the cache may read only the tracks above the revision it holds.
  PERFORM 1 FROM "users" WHERE "id" = NEW."user_id" FOR NO KEY UPDATE;
  NEW."list_revision" := nextval('journal_revision_seq');
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "tracks_list_revision" BEFORE INSERT OR UPDATE ON "tracks"
  FOR EACH ROW EXECUTE FUNCTION "track_list_revision"();--> statement-breakpoint
-- A track leaving a list (deleted, or moved to another owner) cannot be seen among the changed
-- tracks: its owner's removal revision says so, and the cache then reads every id once.
CREATE OR REPLACE FUNCTION "journal_revision_from_tracks"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "users" SET "journal_revision" = nextval('journal_revision_seq')
      WHERE "id" IN (SELECT "user_id" FROM "new_rows");
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "users" SET "journal_revision" = nextval('journal_revision_seq'),
        "journal_removal_revision" = nextval('journal_revision_seq')
      WHERE "id" IN (SELECT "user_id" FROM "old_rows");
  ELSE
    UPDATE "users" SET "journal_revision" = nextval('journal_revision_seq')
      WHERE "id" IN (SELECT "user_id" FROM "new_rows" UNION SELECT "user_id" FROM "old_rows");
    UPDATE "users" SET "journal_removal_revision" = nextval('journal_revision_seq')
      WHERE "id" IN (SELECT o."user_id" FROM "old_rows" o JOIN "new_rows" n ON n."id" = o."id"
        WHERE n."user_id" <> o."user_id");
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
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
