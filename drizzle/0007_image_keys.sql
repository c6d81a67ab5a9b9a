ALTER TABLE "users" RENAME COLUMN "avatar_url" TO "avatar_key";--> statement-breakpoint
ALTER TABLE "playlists" RENAME COLUMN "image_url" TO "image_key";--> statement-breakpoint
ALTER TABLE "collectives" RENAME COLUMN "image_url" TO "image_key";--> statement-breakpoint
ALTER TABLE "equipment_tags" RENAME COLUMN "image_url" TO "image_key";--> statement-breakpoint
-- Decision 0116 (hand-appended): image columns hold the storage key base of an image's variants,
-- `images/<kind>/<uuid>` (the files are `<base>-128.webp` and `<base>-256.webp`), no longer the URL
-- `/api/images/<kind>/<uuid>`; replies derive the URL. The outbox triggers of 0006 name their
-- columns as arguments, so they are made again with the new names. They are dropped while the
-- values are rewritten: a changed form of the same image must not queue its files for deletion.
DROP TRIGGER "users_blob_deletions" ON "users";--> statement-breakpoint
DROP TRIGGER "playlists_blob_deletions" ON "playlists";--> statement-breakpoint
DROP TRIGGER "collectives_blob_deletions" ON "collectives";--> statement-breakpoint
DROP TRIGGER "equipment_tags_blob_deletions" ON "equipment_tags";--> statement-breakpoint
-- Only saveImageVariants' URLs named stored files; anything else (none is known) named nothing the
-- app could serve, so it is cleared rather than kept as a URL.
UPDATE "users" SET "avatar_key" = CASE WHEN "avatar_key" ~ '^/api/images/avatars/[0-9a-f-]{36}$' THEN substr("avatar_key", 6) END
  WHERE "avatar_key" IS NOT NULL;--> statement-breakpoint
UPDATE "playlists" SET "image_key" = CASE WHEN "image_key" ~ '^/api/images/playlists/[0-9a-f-]{36}$' THEN substr("image_key", 6) END
  WHERE "image_key" IS NOT NULL;--> statement-breakpoint
UPDATE "collectives" SET "image_key" = CASE WHEN "image_key" ~ '^/api/images/collectives/[0-9a-f-]{36}$' THEN substr("image_key", 6) END
  WHERE "image_key" IS NOT NULL;--> statement-breakpoint
UPDATE "equipment_tags" SET "image_key" = CASE WHEN "image_key" ~ '^/api/images/equipment/[0-9a-f-]{36}$' THEN substr("image_key", 6) END
  WHERE "image_key" IS NOT NULL;--> statement-breakpoint
-- Deletions queued before this migration still go: their image URLs become key bases too.
UPDATE "blob_deletions" SET "ref" = substr("ref", 6)
  WHERE "ref" ~ '^/api/images/(avatars|playlists|collectives|equipment)/[0-9a-f-]{36}$';--> statement-breakpoint
CREATE TRIGGER "users_blob_deletions" AFTER UPDATE OF "avatar_key" OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "blob_deletions_enqueue"('avatar_key');--> statement-breakpoint
CREATE TRIGGER "playlists_blob_deletions" AFTER UPDATE OF "image_key" OR DELETE ON "playlists"
  FOR EACH ROW EXECUTE FUNCTION "blob_deletions_enqueue"('image_key');--> statement-breakpoint
CREATE TRIGGER "collectives_blob_deletions" AFTER UPDATE OF "image_key" OR DELETE ON "collectives"
  FOR EACH ROW EXECUTE FUNCTION "blob_deletions_enqueue"('image_key');--> statement-breakpoint
CREATE TRIGGER "equipment_tags_blob_deletions" AFTER UPDATE OF "image_key" OR DELETE ON "equipment_tags"
  FOR EACH ROW EXECUTE FUNCTION "blob_deletions_enqueue"('image_key');
