-- Issue 48: the journal's review summaries counted the open threads of the owner's tracks by
-- joining every open comment of the instance to tracks (track_comments has no owner column):
-- 660 ms for the 100,000-track journal on the scale database. Each version's open threads in each
-- collective are now kept in track_open_threads, with the track's owner, by statement triggers on
-- track_comments (an import or a cascade changes many comments in one statement), so that no
-- writer can forget them (decision 0084's reasoning, as migration 0048).
CREATE TABLE "track_open_threads" (
	"track_id" integer NOT NULL,
	"track_version" integer NOT NULL,
	"collective_id" integer NOT NULL,
	"owner_id" text NOT NULL,
	"open" integer NOT NULL,
	CONSTRAINT "track_open_threads_track_id_track_version_collective_id_pk" PRIMARY KEY("track_id","track_version","collective_id")
);
--> statement-breakpoint
ALTER TABLE "track_open_threads" ADD CONSTRAINT "track_open_threads_track_id_tracks_id_fk" FOREIGN KEY ("track_id") REFERENCES "public"."tracks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "track_open_threads" ADD CONSTRAINT "track_open_threads_collective_id_collectives_id_fk" FOREIGN KEY ("collective_id") REFERENCES "public"."collectives"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "track_open_threads_owner_idx" ON "track_open_threads" USING btree ("owner_id") WHERE "track_open_threads"."open" > 0;--> statement-breakpoint
CREATE INDEX "track_open_threads_collective_idx" ON "track_open_threads" USING btree ("collective_id","track_id");--> statement-breakpoint
-- A thread is open when it is a top-level comment, not resolved and not hidden by a moderator
-- (review-summary.service.ts counted exactly these). Each statement's change of open threads by
-- (track, version, collective) is added in one upsert; a count brought to 0 stays as a row at 0
-- (the reads' indexes leave those out), so concurrent writers only ever add to a row.
CREATE FUNCTION "track_open_threads_add"("changes" jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "track_open_threads" ("track_id", "track_version", "collective_id", "owner_id", "open")
  SELECT c."track_id", c."track_version", c."collective_id", t."user_id", c."delta"
  FROM jsonb_to_recordset("changes") AS c("track_id" integer, "track_version" integer, "collective_id" integer, "delta" integer)
  -- A track or a collective being deleted is gone already when its comments' cascade arrives here
  -- (and its rows here with it): nothing to keep.
  JOIN "tracks" t ON t."id" = c."track_id"
  JOIN "collectives" k ON k."id" = c."collective_id"
  WHERE c."delta" <> 0
  -- Ordered, so two statements adding to the same rows take their locks in the same order.
  ORDER BY 1, 2, 3
  ON CONFLICT ("track_id", "track_version", "collective_id")
    DO UPDATE SET "open" = "track_open_threads"."open" + excluded."open"
$$;--> statement-breakpoint
CREATE FUNCTION "track_open_threads_from_comments"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "track_open_threads_add"((
      SELECT coalesce(jsonb_agg(d), '[]') FROM (
        SELECT "track_id", "track_version", "collective_id", count(*) AS "delta" FROM "new_rows"
        WHERE "parent_id" IS NULL AND "resolved_at" IS NULL AND "hidden_at" IS NULL
        GROUP BY 1, 2, 3) d));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "track_open_threads_add"((
      SELECT coalesce(jsonb_agg(d), '[]') FROM (
        SELECT "track_id", "track_version", "collective_id", -count(*) AS "delta" FROM "old_rows"
        WHERE "parent_id" IS NULL AND "resolved_at" IS NULL AND "hidden_at" IS NULL
        GROUP BY 1, 2, 3) d));
  ELSE
    PERFORM "track_open_threads_add"((
      SELECT coalesce(jsonb_agg(d), '[]') FROM (
        SELECT "track_id", "track_version", "collective_id", sum("delta") AS "delta" FROM (
          SELECT "track_id", "track_version", "collective_id", 1 AS "delta" FROM "new_rows"
          WHERE "parent_id" IS NULL AND "resolved_at" IS NULL AND "hidden_at" IS NULL
          UNION ALL
          SELECT "track_id", "track_version", "collective_id", -1 FROM "old_rows"
          WHERE "parent_id" IS NULL AND "resolved_at" IS NULL AND "hidden_at" IS NULL) x
        GROUP BY 1, 2, 3) d));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "track_comments_open_threads_insert" AFTER INSERT ON "track_comments"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "track_open_threads_from_comments"();--> statement-breakpoint
CREATE TRIGGER "track_comments_open_threads_update" AFTER UPDATE ON "track_comments"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "track_open_threads_from_comments"();--> statement-breakpoint
CREATE TRIGGER "track_comments_open_threads_delete" AFTER DELETE ON "track_comments"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "track_open_threads_from_comments"();--> statement-breakpoint
INSERT INTO "track_open_threads" ("track_id", "track_version", "collective_id", "owner_id", "open")
SELECT c."track_id", c."track_version", c."collective_id", t."user_id", count(*)
FROM "track_comments" c JOIN "tracks" t ON t."id" = c."track_id"
WHERE c."parent_id" IS NULL AND c."resolved_at" IS NULL AND c."hidden_at" IS NULL
GROUP BY 1, 2, 3, 4;--> statement-breakpoint
ANALYZE "track_open_threads"