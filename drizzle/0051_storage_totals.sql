-- Issue 48: the admin overview summed tracks, track_versions, transcode_cache and playlists whole
-- at every visit. Their totals are now kept in storage_totals by statement triggers (an import, a
-- bulk action or a cascade is one statement), in the database, so that no writer can forget them
-- (decision 0084's reasoning, as migrations 0048 and 0050).
CREATE TABLE "storage_totals" (
	"slot" integer PRIMARY KEY NOT NULL,
	"track_bytes" bigint DEFAULT 0 NOT NULL,
	"tracks" bigint DEFAULT 0 NOT NULL,
	"renditions" bigint DEFAULT 0 NOT NULL,
	"version_bytes" bigint DEFAULT 0 NOT NULL,
	"versions" bigint DEFAULT 0 NOT NULL,
	"transcode_bytes" bigint DEFAULT 0 NOT NULL,
	"playlist_covers" bigint DEFAULT 0 NOT NULL
);;--> statement-breakpoint
-- Adds one statement's change to its connection's row of sixteen, so that concurrent writers seldom
-- wait on the same row.
CREATE FUNCTION "storage_totals_add"("d_track_bytes" bigint, "d_tracks" bigint, "d_renditions" bigint,
  "d_version_bytes" bigint, "d_versions" bigint, "d_transcode_bytes" bigint, "d_playlist_covers" bigint)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO "storage_totals" AS s ("slot", "track_bytes", "tracks", "renditions", "version_bytes",
    "versions", "transcode_bytes", "playlist_covers")
  SELECT pg_backend_pid() % 16, "d_track_bytes", "d_tracks", "d_renditions", "d_version_bytes",
    "d_versions", "d_transcode_bytes", "d_playlist_covers"
  WHERE ("d_track_bytes", "d_tracks", "d_renditions", "d_version_bytes", "d_versions",
    "d_transcode_bytes", "d_playlist_covers") IS DISTINCT FROM (0, 0, 0, 0, 0, 0, 0)
  ON CONFLICT ("slot") DO UPDATE SET
    "track_bytes" = s."track_bytes" + excluded."track_bytes",
    "tracks" = s."tracks" + excluded."tracks",
    "renditions" = s."renditions" + excluded."renditions",
    "version_bytes" = s."version_bytes" + excluded."version_bytes",
    "versions" = s."versions" + excluded."versions",
    "transcode_bytes" = s."transcode_bytes" + excluded."transcode_bytes",
    "playlist_covers" = s."playlist_covers" + excluded."playlist_covers"
$$;--> statement-breakpoint
-- Each function reads a transition table only in the branch where it exists (PL/pgSQL plans a
-- statement when it first runs it). The admin overview's definitions: a track's size and whether it
-- has a rendition; a kept version (storage_key set) and its size; a cached transcode's size; a
-- playlist with an image.
CREATE FUNCTION "storage_totals_from_tracks"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE bytes bigint := 0; n bigint := 0; r bigint := 0;
BEGIN
  IF TG_OP <> 'DELETE' THEN
    SELECT coalesce(sum("size"), 0), count(*), count("rendition_key") INTO bytes, n, r FROM "new_rows";
  END IF;
  IF TG_OP <> 'INSERT' THEN
    SELECT bytes - coalesce(sum("size"), 0), n - count(*), r - count("rendition_key") INTO bytes, n, r FROM "old_rows";
  END IF;
  PERFORM "storage_totals_add"(bytes, n, r, 0, 0, 0, 0);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "storage_totals_from_track_versions"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE bytes bigint := 0; n bigint := 0;
BEGIN
  IF TG_OP <> 'DELETE' THEN
    SELECT coalesce(sum("size") FILTER (WHERE "storage_key" IS NOT NULL), 0), count("storage_key")
      INTO bytes, n FROM "new_rows";
  END IF;
  IF TG_OP <> 'INSERT' THEN
    SELECT bytes - coalesce(sum("size") FILTER (WHERE "storage_key" IS NOT NULL), 0), n - count("storage_key")
      INTO bytes, n FROM "old_rows";
  END IF;
  PERFORM "storage_totals_add"(0, 0, 0, bytes, n, 0, 0);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "storage_totals_from_transcode_cache"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE bytes bigint := 0;
BEGIN
  IF TG_OP <> 'DELETE' THEN
    SELECT coalesce(sum("size"), 0) INTO bytes FROM "new_rows";
  END IF;
  IF TG_OP <> 'INSERT' THEN
    SELECT bytes - coalesce(sum("size"), 0) INTO bytes FROM "old_rows";
  END IF;
  PERFORM "storage_totals_add"(0, 0, 0, 0, 0, bytes, 0);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "storage_totals_from_playlists"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE n bigint := 0;
BEGIN
  IF TG_OP <> 'DELETE' THEN
    SELECT count("image_key") INTO n FROM "new_rows";
  END IF;
  IF TG_OP <> 'INSERT' THEN
    SELECT n - count("image_key") INTO n FROM "old_rows";
  END IF;
  PERFORM "storage_totals_add"(0, 0, 0, 0, 0, 0, n);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "tracks_storage_totals_insert" AFTER INSERT ON "tracks"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "storage_totals_from_tracks"();--> statement-breakpoint
CREATE TRIGGER "tracks_storage_totals_update" AFTER UPDATE ON "tracks"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "storage_totals_from_tracks"();--> statement-breakpoint
CREATE TRIGGER "tracks_storage_totals_delete" AFTER DELETE ON "tracks"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "storage_totals_from_tracks"();--> statement-breakpoint
CREATE TRIGGER "track_versions_storage_totals_insert" AFTER INSERT ON "track_versions"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "storage_totals_from_track_versions"();--> statement-breakpoint
CREATE TRIGGER "track_versions_storage_totals_update" AFTER UPDATE ON "track_versions"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "storage_totals_from_track_versions"();--> statement-breakpoint
CREATE TRIGGER "track_versions_storage_totals_delete" AFTER DELETE ON "track_versions"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "storage_totals_from_track_versions"();--> statement-breakpoint
CREATE TRIGGER "transcode_cache_storage_totals_insert" AFTER INSERT ON "transcode_cache"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "storage_totals_from_transcode_cache"();--> statement-breakpoint
CREATE TRIGGER "transcode_cache_storage_totals_update" AFTER UPDATE ON "transcode_cache"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "storage_totals_from_transcode_cache"();--> statement-breakpoint
CREATE TRIGGER "transcode_cache_storage_totals_delete" AFTER DELETE ON "transcode_cache"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "storage_totals_from_transcode_cache"();--> statement-breakpoint
CREATE TRIGGER "playlists_storage_totals_insert" AFTER INSERT ON "playlists"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "storage_totals_from_playlists"();--> statement-breakpoint
CREATE TRIGGER "playlists_storage_totals_update" AFTER UPDATE ON "playlists"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "storage_totals_from_playlists"();--> statement-breakpoint
CREATE TRIGGER "playlists_storage_totals_delete" AFTER DELETE ON "playlists"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "storage_totals_from_playlists"();--> statement-breakpoint
-- What is there already, in slot 0.
INSERT INTO "storage_totals" ("slot", "track_bytes", "tracks", "renditions", "version_bytes", "versions",
  "transcode_bytes", "playlist_covers")
SELECT 0,
  (SELECT coalesce(sum("size"), 0) FROM "tracks"), (SELECT count(*) FROM "tracks"),
  (SELECT count("rendition_key") FROM "tracks"),
  (SELECT coalesce(sum("size"), 0) FROM "track_versions" WHERE "storage_key" IS NOT NULL),
  (SELECT count("storage_key") FROM "track_versions"),
  (SELECT coalesce(sum("size"), 0) FROM "transcode_cache"),
  (SELECT count("image_key") FROM "playlists");