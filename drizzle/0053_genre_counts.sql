-- Issue 48: Subsonic getGenres read every tagged track of the caller's own (100,000 for the scale
-- bench's big journal: 1.3 s) to count songs and albums by equipment category, and getSongsByGenre
-- tested the owner's tracks newest first, one by one, until a page of the genre was full (262 ms).
-- Each track's genres are now kept in track_genres (one row per track and category, with the owner
-- and the date, indexed for the owner's genre newest first) and each person's songs by genre and
-- year in user_genre_counts, by statement triggers, in the database, so that no writer can forget
-- them (decision 0084's reasoning, as migrations 0048, 0050 and 0051). Decision 0897.
CREATE TABLE "track_genres" (
	"track_id" integer NOT NULL,
	"genre" text NOT NULL,
	"user_id" text NOT NULL,
	"track_created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "track_genres_track_id_genre_pk" PRIMARY KEY("track_id","genre")
);
--> statement-breakpoint
CREATE TABLE "user_genre_counts" (
	"user_id" text NOT NULL,
	"genre" text NOT NULL,
	"year" integer NOT NULL,
	"songs" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "user_genre_counts_user_id_genre_year_pk" PRIMARY KEY("user_id","genre","year")
);
--> statement-breakpoint
-- No parallel workers: a page reads one owner's range of one genre, which a worker costs more to
-- start than it saves (as track_match_documents, 0048).
ALTER TABLE "track_genres" SET (parallel_workers = 0);--> statement-breakpoint
ALTER TABLE "track_genres" ADD CONSTRAINT "track_genres_track_id_tracks_id_fk" FOREIGN KEY ("track_id") REFERENCES "public"."tracks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_genre_counts" ADD CONSTRAINT "user_genre_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The counts follow track_genres: a row in is a song more of its owner, genre and year (UTC, the
-- year of yearOf in browse.service.ts), a row out one less, a row moved (another owner or date) both.
-- Each statement's change in one upsert, ordered so two statements take their row locks in the same
-- order; a count brought to 0 stays as a row at 0 (the reads leave those out), so writers only add.
-- Each branch reads a transition table only where it exists (PL/pgSQL plans a statement when it
-- first runs it).
CREATE FUNCTION "user_genre_counts_from_track_genres"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "user_genre_counts" AS c ("user_id", "genre", "year", "songs")
      SELECT "user_id", "genre", extract(year from "track_created_at" at time zone 'UTC')::int, count(*)
      FROM "new_rows" GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT ("user_id", "genre", "year") DO UPDATE SET "songs" = c."songs" + excluded."songs";
  ELSIF TG_OP = 'DELETE' THEN
    -- A person being deleted: their counts go by the cascade, and an update of a row gone is none.
    UPDATE "user_genre_counts" c SET "songs" = c."songs" - o."n"
      FROM (SELECT "user_id", "genre", extract(year from "track_created_at" at time zone 'UTC')::int AS "year",
          count(*) AS "n" FROM "old_rows" GROUP BY 1, 2, 3) o
      WHERE c."user_id" = o."user_id" AND c."genre" = o."genre" AND c."year" = o."year";
  ELSE
    INSERT INTO "user_genre_counts" AS c ("user_id", "genre", "year", "songs")
      SELECT "user_id", "genre", "year", sum("delta") FROM (
        SELECT "user_id", "genre", extract(year from "track_created_at" at time zone 'UTC')::int AS "year", 1 AS "delta"
        FROM "new_rows"
        UNION ALL
        SELECT "user_id", "genre", extract(year from "track_created_at" at time zone 'UTC')::int, -1 FROM "old_rows"
      ) d GROUP BY 1, 2, 3 HAVING sum("delta") <> 0 ORDER BY 1, 2, 3
      ON CONFLICT ("user_id", "genre", "year") DO UPDATE SET "songs" = c."songs" + excluded."songs";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "track_genres_counts_insert" AFTER INSERT ON "track_genres"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "user_genre_counts_from_track_genres"();--> statement-breakpoint
CREATE TRIGGER "track_genres_counts_update" AFTER UPDATE ON "track_genres"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "user_genre_counts_from_track_genres"();--> statement-breakpoint
CREATE TRIGGER "track_genres_counts_delete" AFTER DELETE ON "track_genres"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "user_genre_counts_from_track_genres"();--> statement-breakpoint
-- Makes these tracks' rows what their gear says now: a genre is the category of a piece of gear
-- tagged on the track, but "not defined" (DEFAULT_EQUIPMENT_CATEGORY), which says nothing of the
-- music (decision 0771). A track gone (deleted, or its cascade under way) keeps no row.
-- The tracks' rows are locked first, in id order: two transactions taking tags off one track at
-- once would each still see the other's tag and both keep the genre; the second now waits for the
-- first and then reads what it left (each statement of a PL/pgSQL function reads anew). The tag
-- triggers of 0004/0031 update those rows (list_revision) anyway, so this adds no waiting of its own.
CREATE FUNCTION "track_genres_refresh"("ids" integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality("ids") = 0 THEN
    RETURN;
  END IF;
  PERFORM 1 FROM "tracks" WHERE "id" = ANY("ids") ORDER BY "id" FOR NO KEY UPDATE;
  DELETE FROM "track_genres" g WHERE g."track_id" = ANY("ids") AND NOT EXISTS (
    SELECT 1 FROM "tracks" t
      JOIN "track_equipment_tags" te ON te."track_id" = t."id"
      JOIN "equipment_tags" e ON e."id" = te."equipment_tag_id"
    WHERE t."id" = g."track_id" AND e."category" = g."genre");
  INSERT INTO "track_genres" AS g ("track_id", "genre", "user_id", "track_created_at")
    SELECT DISTINCT t."id", e."category", t."user_id", t."created_at" FROM "tracks" t
      JOIN "track_equipment_tags" te ON te."track_id" = t."id"
      JOIN "equipment_tags" e ON e."id" = te."equipment_tag_id"
    WHERE t."id" = ANY("ids") AND e."category" <> 'not defined'
    ORDER BY 1, 2
    ON CONFLICT ("track_id", "genre") DO UPDATE
      SET "user_id" = excluded."user_id", "track_created_at" = excluded."track_created_at"
      WHERE (g."user_id", g."track_created_at") IS DISTINCT FROM (excluded."user_id", excluded."track_created_at");
END $$;--> statement-breakpoint
-- A tag put on or taken off (also by the cascades of a deleted track or piece of equipment). An
-- update that moves no link (0044's track_created_at follows the track's date) changes no genre.
CREATE FUNCTION "track_genres_from_track_equipment"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "track_genres_refresh"(ARRAY(SELECT DISTINCT "track_id" FROM "new_rows"));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "track_genres_refresh"(ARRAY(SELECT DISTINCT "track_id" FROM "old_rows"));
  ELSE
    PERFORM "track_genres_refresh"(ARRAY(
      SELECT DISTINCT x."track_id" FROM "new_rows" n JOIN "old_rows" o ON o."id" = n."id"
        CROSS JOIN LATERAL (VALUES (n."track_id"), (o."track_id")) x("track_id")
      WHERE (n."track_id", n."equipment_tag_id") IS DISTINCT FROM (o."track_id", o."equipment_tag_id")));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "track_equipment_tags_genres_insert" AFTER INSERT ON "track_equipment_tags"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "track_genres_from_track_equipment"();--> statement-breakpoint
CREATE TRIGGER "track_equipment_tags_genres_update" AFTER UPDATE ON "track_equipment_tags"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "track_genres_from_track_equipment"();--> statement-breakpoint
CREATE TRIGGER "track_equipment_tags_genres_delete" AFTER DELETE ON "track_equipment_tags"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "track_genres_from_track_equipment"();--> statement-breakpoint
-- A piece of equipment given another category: every track that carries it (50,000 for the scale
-- bench's big synth). Its deletion takes its links away, which the trigger above follows.
CREATE FUNCTION "track_genres_from_equipment"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "track_genres_refresh"(ARRAY(
    SELECT DISTINCT te."track_id" FROM "track_equipment_tags" te WHERE te."equipment_tag_id" IN (
      SELECT n."id" FROM "new_rows" n JOIN "old_rows" o ON o."id" = n."id"
      WHERE n."category" IS DISTINCT FROM o."category")));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "equipment_tags_genres_update" AFTER UPDATE ON "equipment_tags"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "track_genres_from_equipment"();--> statement-breakpoint
-- A track given another date or owner (no route does either but the tests' and a hand-written fix)
-- moves its rows, and its songs to another year's or person's count. A deleted track's rows go by
-- the foreign key's cascade, and its songs with them (the counts' delete trigger).
CREATE FUNCTION "track_genres_from_tracks"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "track_genres_refresh"(ARRAY(
    SELECT n."id" FROM "new_rows" n JOIN "old_rows" o ON o."id" = n."id"
    WHERE (n."user_id", n."created_at") IS DISTINCT FROM (o."user_id", o."created_at")));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "tracks_genres_update" AFTER UPDATE ON "tracks"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "track_genres_from_tracks"();--> statement-breakpoint
-- The genres of the tracks already there, in one statement (two million links: about a minute),
-- after the triggers, so a tag put on while this runs waits for it rather than being missed; the
-- counts' insert trigger adds them up as they go in. Then the index, built once.
INSERT INTO "track_genres" ("track_id", "genre", "user_id", "track_created_at")
SELECT DISTINCT t."id", e."category", t."user_id", t."created_at" FROM "track_equipment_tags" te
  JOIN "equipment_tags" e ON e."id" = te."equipment_tag_id"
  JOIN "tracks" t ON t."id" = te."track_id"
WHERE e."category" <> 'not defined';--> statement-breakpoint
CREATE INDEX "track_genres_user_genre_order_idx" ON "track_genres" USING btree ("user_id",lower("genre"),"track_created_at" DESC NULLS FIRST,"track_id" DESC NULLS FIRST);--> statement-breakpoint
ANALYZE "track_genres", "user_genre_counts";
