-- Decision 0923: the statement triggers find the rows an UPDATE changed with EXCEPT, never by
-- joining the two transition tables. PL/pgSQL plans a statement without parameters once per
-- connection, at its first run, from the transition tables' sizes at that moment, and keeps that
-- plan. A connection whose first update of tracks changed three rows kept a nested loop over
-- new_rows × old_rows; the same connection's bulk action on 5,000 tracks then compared 25 million
-- pairs in each of three triggers (29 s on PGlite, against 1 s when the first update was the big
-- one). EXCEPT is a hashed or sorted set operation whatever the sizes planned for: one pass over
-- each side. A row's tuple, its id included, is missing from the other side exactly when the
-- update changed one of the columns compared (EXCEPT, like IS DISTINCT FROM, counts NULLs equal).
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
    -- The former owners of tracks that changed hands.
    UPDATE "users" SET "journal_removal_revision" = nextval('journal_revision_seq')
      WHERE "id" IN (SELECT "user_id" FROM (
        SELECT "id", "user_id" FROM "old_rows" EXCEPT SELECT "id", "user_id" FROM "new_rows") moved);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "track_genres_from_tracks"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "track_genres_refresh"(ARRAY(
    SELECT "id" FROM (
      SELECT "id", "user_id", "created_at" FROM "new_rows"
      EXCEPT SELECT "id", "user_id", "created_at" FROM "old_rows") changed));
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
      WHERE c."user_id" = o."user_id";
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
      WHERE c."user_id" = o."user_id";
    INSERT INTO "user_track_counts" ("user_id", "tracks")
      SELECT "user_id", count(*) FROM (
          SELECT "id", "user_id" FROM "new_rows" EXCEPT SELECT "id", "user_id" FROM "old_rows") came
      GROUP BY "user_id"
      ON CONFLICT ("user_id") DO UPDATE SET "tracks" = "user_track_counts"."tracks" + excluded."tracks";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "track_genres_from_equipment"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "track_genres_refresh"(ARRAY(
    SELECT DISTINCT te."track_id" FROM "track_equipment_tags" te WHERE te."equipment_tag_id" IN (
      SELECT "id" FROM (
        SELECT "id", "category" FROM "new_rows" EXCEPT SELECT "id", "category" FROM "old_rows") changed)));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "track_match_from_equipment"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "track_match_documents_refresh"(ARRAY(
    SELECT te."track_id" FROM "track_equipment_tags" te WHERE te."equipment_tag_id" IN (
      SELECT "id" FROM (
        SELECT "id", "track_match_fold"("name") FROM "new_rows"
        EXCEPT SELECT "id", "track_match_fold"("name") FROM "old_rows") renamed)));
  RETURN NULL;
END $$;--> statement-breakpoint
-- A link that changed counts for the track it left and the one it joined.
CREATE OR REPLACE FUNCTION "track_genres_from_track_equipment"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "track_genres_refresh"(ARRAY(SELECT DISTINCT "track_id" FROM "new_rows"));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "track_genres_refresh"(ARRAY(SELECT DISTINCT "track_id" FROM "old_rows"));
  ELSE
    PERFORM "track_genres_refresh"(ARRAY(
      SELECT "track_id" FROM (
        SELECT "id", "track_id", "equipment_tag_id" FROM "new_rows"
        EXCEPT SELECT "id", "track_id", "equipment_tag_id" FROM "old_rows") joined
      UNION
      SELECT "track_id" FROM (
        SELECT "id", "track_id", "equipment_tag_id" FROM "old_rows"
        EXCEPT SELECT "id", "track_id", "equipment_tag_id" FROM "new_rows") left_behind));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "track_match_from_track_equipment"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "track_match_documents_refresh"(ARRAY(SELECT DISTINCT "track_id" FROM "new_rows"));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "track_match_documents_refresh"(ARRAY(SELECT DISTINCT "track_id" FROM "old_rows"));
  ELSE
    PERFORM "track_match_documents_refresh"(ARRAY(
      SELECT "track_id" FROM (
        SELECT "id", "track_id", "equipment_tag_id" FROM "new_rows"
        EXCEPT SELECT "id", "track_id", "equipment_tag_id" FROM "old_rows") joined
      UNION
      SELECT "track_id" FROM (
        SELECT "id", "track_id", "equipment_tag_id" FROM "old_rows"
        EXCEPT SELECT "id", "track_id", "equipment_tag_id" FROM "new_rows") left_behind));
  END IF;
  RETURN NULL;
END $$;
