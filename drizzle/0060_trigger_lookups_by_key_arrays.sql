-- Decision 0925: a statement trigger reaches the rows it updates in users, tracks and the per-person
-- counts through `= ANY(ARRAY(SELECT … FROM <transition table>))`, never by joining the transition
-- table to them. PL/pgSQL plans a statement without parameters once per connection, at its first
-- run, from the transition tables' sizes then (decision 0923). A connection whose first change was
-- a bulk one (an import, a bulk action: thousands of rows) kept a hash join that reads the whole of
-- users or user_track_counts, and every single edit on that connection read them again. The array
-- is an init plan whose size the planner does not know (it assumes ten keys), so the outer table is
-- reached through its index whatever the first run held; a bulk change costs one index probe a key.
CREATE OR REPLACE FUNCTION "journal_revision_from_tracks"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "users" SET "journal_revision" = nextval('journal_revision_seq')
      WHERE "id" = ANY(ARRAY(SELECT DISTINCT "user_id" FROM "new_rows"));
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "users" SET "journal_revision" = nextval('journal_revision_seq'),
        "journal_removal_revision" = nextval('journal_revision_seq')
      WHERE "id" = ANY(ARRAY(SELECT DISTINCT "user_id" FROM "old_rows"));
  ELSE
    UPDATE "users" SET "journal_revision" = nextval('journal_revision_seq')
      WHERE "id" = ANY(ARRAY(SELECT "user_id" FROM "new_rows" UNION SELECT "user_id" FROM "old_rows"));
    -- The former owners of tracks that changed hands.
    UPDATE "users" SET "journal_removal_revision" = nextval('journal_revision_seq')
      WHERE "id" = ANY(ARRAY(SELECT DISTINCT "user_id" FROM (
        SELECT "id", "user_id" FROM "old_rows" EXCEPT SELECT "id", "user_id" FROM "new_rows") moved));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "track_match_from_tracks"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "track_match_documents_refresh"(ARRAY(SELECT "id" FROM "new_rows"));
    INSERT INTO "user_track_counts" ("user_id", "tracks")
      SELECT "user_id", count(*) FROM "new_rows" GROUP BY "user_id"
      ON CONFLICT ("user_id") DO UPDATE SET "tracks" = "user_track_counts"."tracks" + excluded."tracks";
  ELSIF TG_OP = 'DELETE' THEN
    -- The documents go with their tracks (the foreign key's cascade).
    UPDATE "user_track_counts" c SET "tracks" = c."tracks" - o."n"
      FROM (SELECT "user_id", count(*) AS "n" FROM "old_rows" GROUP BY "user_id") o
      WHERE c."user_id" = o."user_id"
        AND c."user_id" = ANY(ARRAY(SELECT DISTINCT "user_id" FROM "old_rows"));
  ELSE
    PERFORM "track_match_documents_refresh"(ARRAY(
      SELECT "id" FROM (
        SELECT "id", "name", "notes", "user_id" FROM "new_rows"
        EXCEPT SELECT "id", "name", "notes", "user_id" FROM "old_rows") changed));
    -- No route gives a track to someone else; a hand-written fix that does moves its count along.
    UPDATE "user_track_counts" c SET "tracks" = c."tracks" - o."n"
      FROM (SELECT "user_id", count(*) AS "n" FROM (
          SELECT "id", "user_id" FROM "old_rows" EXCEPT SELECT "id", "user_id" FROM "new_rows") gone
        GROUP BY "user_id") o
      WHERE c."user_id" = o."user_id"
        AND c."user_id" = ANY(ARRAY(SELECT DISTINCT "user_id" FROM "old_rows"));
    INSERT INTO "user_track_counts" ("user_id", "tracks")
      SELECT "user_id", count(*) FROM (
          SELECT "id", "user_id" FROM "new_rows" EXCEPT SELECT "id", "user_id" FROM "old_rows") came
      GROUP BY "user_id"
      ON CONFLICT ("user_id") DO UPDATE SET "tracks" = "user_track_counts"."tracks" + excluded."tracks";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "journal_revision_from_track_equipment"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "tracks" SET "list_revision" = 0
      WHERE "id" = ANY(ARRAY(SELECT DISTINCT "track_id" FROM "new_rows"));
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "tracks" SET "list_revision" = 0
      WHERE "id" = ANY(ARRAY(SELECT DISTINCT "track_id" FROM "old_rows"));
  ELSE
    UPDATE "tracks" SET "list_revision" = 0
      WHERE "id" = ANY(ARRAY(SELECT "track_id" FROM "new_rows" UNION SELECT "track_id" FROM "old_rows"));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "journal_revision_from_equipment"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "tracks" SET "list_revision" = 0 WHERE "id" = ANY(ARRAY(
    SELECT DISTINCT te."track_id" FROM "track_equipment_tags" te
    WHERE te."equipment_tag_id" = ANY(ARRAY(SELECT "id" FROM "new_rows" UNION SELECT "id" FROM "old_rows"))));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "user_genre_counts_from_track_genres"() RETURNS trigger LANGUAGE plpgsql AS $$
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
      WHERE c."user_id" = o."user_id" AND c."genre" = o."genre" AND c."year" = o."year"
        AND c."user_id" = ANY(ARRAY(SELECT DISTINCT "user_id" FROM "old_rows"));
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
END $$;
--> statement-breakpoint
-- A comments statement that opened or closed no thread (every track deletion cascades one, over no
-- comments) changes no count: the gate on "changes" is a one-time filter, so its join is never run.
-- Planned for the hundred rows a set-returning function is assumed to give, that join read the
-- whole of tracks where tracks is small.
CREATE OR REPLACE FUNCTION "track_open_threads_add"("changes" jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "track_open_threads" ("track_id", "track_version", "collective_id", "owner_id", "open")
  SELECT c."track_id", c."track_version", c."collective_id", t."user_id", c."delta"
  FROM jsonb_to_recordset("changes") AS c("track_id" integer, "track_version" integer, "collective_id" integer, "delta" integer)
  -- A track or a collective being deleted is gone already when its comments' cascade arrives here
  -- (and its rows here with it): nothing to keep.
  JOIN "tracks" t ON t."id" = c."track_id"
  JOIN "collectives" k ON k."id" = c."collective_id"
  WHERE c."delta" <> 0 AND "changes" <> '[]'::jsonb
  -- Ordered, so two statements adding to the same rows take their locks in the same order.
  ORDER BY 1, 2, 3
  ON CONFLICT ("track_id", "track_version", "collective_id")
    DO UPDATE SET "open" = "track_open_threads"."open" + excluded."open"
$$;
