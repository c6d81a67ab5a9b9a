CREATE SEQUENCE "public"."journal_revision_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "journal_revision" bigint DEFAULT nextval('journal_revision_seq') NOT NULL;--> statement-breakpoint
-- Decision 0084: every write that changes what GET /api/tracks shows gives its owner a new
-- journal_revision in the same transaction, here in the database so that no code path (the API,
-- the media job, another instance, a hand-written fix) can forget. Statement-level triggers, so a
-- bulk change renews each owner once.
CREATE FUNCTION "journal_revision_from_tracks"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "users" SET "journal_revision" = nextval('journal_revision_seq')
      WHERE "id" IN (SELECT "user_id" FROM "new_rows");
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "users" SET "journal_revision" = nextval('journal_revision_seq')
      WHERE "id" IN (SELECT "user_id" FROM "old_rows");
  ELSE
    UPDATE "users" SET "journal_revision" = nextval('journal_revision_seq')
      WHERE "id" IN (SELECT "user_id" FROM "new_rows" UNION SELECT "user_id" FROM "old_rows");
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "tracks_journal_revision_insert" AFTER INSERT ON "tracks"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "journal_revision_from_tracks"();--> statement-breakpoint
CREATE TRIGGER "tracks_journal_revision_update" AFTER UPDATE ON "tracks"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "journal_revision_from_tracks"();--> statement-breakpoint
CREATE TRIGGER "tracks_journal_revision_delete" AFTER DELETE ON "tracks"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "journal_revision_from_tracks"();--> statement-breakpoint
-- A tag added to or taken off a track: its owner's list shows the track's equipment. Also fires
-- for the rows removed by cascade when a piece of equipment is deleted.
CREATE FUNCTION "journal_revision_from_track_equipment"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "users" SET "journal_revision" = nextval('journal_revision_seq') WHERE "id" IN (
      SELECT t."user_id" FROM "tracks" t WHERE t."id" IN (SELECT "track_id" FROM "new_rows"));
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "users" SET "journal_revision" = nextval('journal_revision_seq') WHERE "id" IN (
      SELECT t."user_id" FROM "tracks" t WHERE t."id" IN (SELECT "track_id" FROM "old_rows"));
  ELSE
    UPDATE "users" SET "journal_revision" = nextval('journal_revision_seq') WHERE "id" IN (
      SELECT t."user_id" FROM "tracks" t WHERE t."id" IN (
        SELECT "track_id" FROM "new_rows" UNION SELECT "track_id" FROM "old_rows"));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "track_equipment_tags_journal_revision_insert" AFTER INSERT ON "track_equipment_tags"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "journal_revision_from_track_equipment"();--> statement-breakpoint
CREATE TRIGGER "track_equipment_tags_journal_revision_update" AFTER UPDATE ON "track_equipment_tags"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "journal_revision_from_track_equipment"();--> statement-breakpoint
CREATE TRIGGER "track_equipment_tags_journal_revision_delete" AFTER DELETE ON "track_equipment_tags"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "journal_revision_from_track_equipment"();--> statement-breakpoint
-- Equipment is shared: renaming it (or changing its description, category or picture) changes the
-- list of everyone whose tracks carry it.
CREATE FUNCTION "journal_revision_from_equipment"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "users" SET "journal_revision" = nextval('journal_revision_seq') WHERE "id" IN (
    SELECT t."user_id" FROM "tracks" t JOIN "track_equipment_tags" te ON te."track_id" = t."id"
    WHERE te."equipment_tag_id" IN (SELECT "id" FROM "new_rows" UNION SELECT "id" FROM "old_rows"));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "equipment_tags_journal_revision_update" AFTER UPDATE ON "equipment_tags"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "journal_revision_from_equipment"();
