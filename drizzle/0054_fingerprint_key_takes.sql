-- Issue 48: the upload's similar-takes lookup (decision 0832) asked the fingerprint index for every
-- take sharing any of the upload's ~800 keys. Keys are the 20 high bits of a sub-fingerprint, and
-- music shares sounds: a few keys are in nine takes in ten, so the lookup read and ranked nearly
-- the whole journal (10,000 of 10,000 takes on the scale seed's fingerprints, decision 0895). Each
-- key's number of takes is now kept here, by triggers, and the lookup asks only for the upload's
-- rarest keys (decision 0898).
CREATE TABLE "fingerprint_key_takes" (
	"key" integer PRIMARY KEY NOT NULL,
	"takes" integer NOT NULL
);
--> statement-breakpoint
-- Adds `deltas` to the counts of `keys` (each once). A key at the common mark (4,096 takes) is left
-- as it is: the lookup never reads a key that common, and every upload holds a few of those, so
-- no upload waits on another's lock of them. The keys go in ascending order, so two statements
-- lock rows in the same order; a take gone only lowers keys that have a row.
CREATE FUNCTION "fingerprint_key_takes_apply"("keys" integer[], "deltas" integer[]) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO "fingerprint_key_takes" AS c ("key", "takes")
    SELECT d."key", d."delta" FROM unnest("keys", "deltas") AS d("key", "delta")
    WHERE d."delta" <> 0
      AND NOT EXISTS (SELECT 1 FROM "fingerprint_key_takes" s WHERE s."key" = d."key" AND s."takes" >= 4096)
      AND (d."delta" > 0 OR EXISTS (SELECT 1 FROM "fingerprint_key_takes" s WHERE s."key" = d."key"))
    ORDER BY d."key"
    ON CONFLICT ("key") DO UPDATE SET "takes" = c."takes" + excluded."takes"
$$;--> statement-breakpoint
-- Rows in or out, a statement at a time; a take's new fingerprint (the media job, a stack, the
-- sweep), a row at a time and only when the column changes, so other updates of tracks cost nothing.
-- Each branch reads a transition table only where it exists (PL/pgSQL plans a statement when it
-- first runs it).
CREATE FUNCTION "fingerprint_key_takes_from_tracks"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "changed_keys" integer[];
  "changed_deltas" integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(k ORDER BY k), array_agg(n ORDER BY k) INTO "changed_keys", "changed_deltas"
      FROM (SELECT k, count(*)::int AS n FROM "new_rows", unnest("fingerprint_hashes") k GROUP BY k) d;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(k ORDER BY k), array_agg(-n ORDER BY k) INTO "changed_keys", "changed_deltas"
      FROM (SELECT k, count(*)::int AS n FROM "old_rows", unnest("fingerprint_hashes") k GROUP BY k) d;
  ELSE
    SELECT array_agg(k ORDER BY k), array_agg(n ORDER BY k) INTO "changed_keys", "changed_deltas"
      FROM (
        SELECT k, sum(d)::int AS n FROM (
          SELECT unnest(NEW."fingerprint_hashes") AS k, 1 AS d
          UNION ALL
          SELECT unnest(OLD."fingerprint_hashes"), -1
        ) x GROUP BY k
      ) d;
  END IF;
  IF "changed_keys" IS NOT NULL THEN
    PERFORM "fingerprint_key_takes_apply"("changed_keys", "changed_deltas");
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "tracks_fingerprint_key_takes_insert" AFTER INSERT ON "tracks"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "fingerprint_key_takes_from_tracks"();--> statement-breakpoint
CREATE TRIGGER "tracks_fingerprint_key_takes_update" AFTER UPDATE OF "fingerprint_hashes" ON "tracks"
  FOR EACH ROW WHEN (OLD."fingerprint_hashes" IS DISTINCT FROM NEW."fingerprint_hashes")
  EXECUTE FUNCTION "fingerprint_key_takes_from_tracks"();--> statement-breakpoint
CREATE TRIGGER "tracks_fingerprint_key_takes_delete" AFTER DELETE ON "tracks"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "fingerprint_key_takes_from_tracks"();--> statement-breakpoint
-- The takes fingerprinted so far, counted whole (no common mark: a count past it only stays).
INSERT INTO "fingerprint_key_takes" ("key", "takes")
  SELECT k, count(*) FROM "tracks", unnest("fingerprint_hashes") k GROUP BY k;
