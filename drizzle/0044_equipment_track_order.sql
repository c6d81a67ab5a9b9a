-- Issue 48: an equipment page lists its tracks newest first (tracks.created_at desc, id desc) a page
-- at a time. The links carry their track's created_at so that one index range of a piece of
-- equipment is that order, and a page reads limit + 1 links instead of every link.
ALTER TABLE "track_equipment_tags" ADD COLUMN "track_created_at" timestamp with time zone;--> statement-breakpoint
-- The backfill changes nothing a list shows: 0004's statement trigger, which renews the lists of the
-- tracks whose links change, is left out of it (it would renew every tagged track).
ALTER TABLE "track_equipment_tags" DISABLE TRIGGER "track_equipment_tags_journal_revision_update";--> statement-breakpoint
UPDATE "track_equipment_tags" te SET "track_created_at" = t."created_at"
  FROM "tracks" t WHERE t."id" = te."track_id";--> statement-breakpoint
ALTER TABLE "track_equipment_tags" ENABLE TRIGGER "track_equipment_tags_journal_revision_update";--> statement-breakpoint
ALTER TABLE "track_equipment_tags" ALTER COLUMN "track_created_at" SET NOT NULL;--> statement-breakpoint
-- Every link takes its track's created_at here, in the database, so that no writer can forget it
-- (tagging, bulk actions, imports, splits all insert links). What a writer passes is overwritten. A
-- link to a missing track takes a placeholder, so that it fails as before, on the foreign key.
CREATE FUNCTION "track_equipment_tags_track_created_at"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."track_created_at" := coalesce(
    (SELECT "created_at" FROM "tracks" WHERE "id" = NEW."track_id"), '-infinity');
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "track_equipment_tags_track_created_at" BEFORE INSERT OR UPDATE OF "track_id", "track_created_at"
  ON "track_equipment_tags" FOR EACH ROW EXECUTE FUNCTION "track_equipment_tags_track_created_at"();--> statement-breakpoint
-- tracks.created_at is set again after the insert by an import (the exported date) and by test
-- fixtures: the links follow it.
CREATE FUNCTION "tracks_created_at_to_equipment_links"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "track_equipment_tags" SET "track_created_at" = NEW."created_at" WHERE "track_id" = NEW."id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "tracks_created_at_to_equipment_links" AFTER UPDATE OF "created_at" ON "tracks"
  FOR EACH ROW WHEN (OLD."created_at" IS DISTINCT FROM NEW."created_at")
  EXECUTE FUNCTION "tracks_created_at_to_equipment_links"();--> statement-breakpoint
CREATE INDEX "track_equipment_tags_tag_order_idx" ON "track_equipment_tags" USING btree ("equipment_tag_id","track_created_at" DESC NULLS FIRST,"track_id" DESC NULLS FIRST);
