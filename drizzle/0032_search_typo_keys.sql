-- Search (issue 30, decision 0480): one letter wrong in a short word ("jino" for Juno, "cwllo" for
-- Cello) or two neighbouring letters swapped ("jnuo"). Trigrams miss both in words of up to 7
-- letters: one wrong letter costs three of a word's n + 1 trigrams. Instead every name gets keys,
-- each word of letters only with 3 letters or more as it is, and, up to 7 letters, the word with
-- each letter in turn as '?' ("juno": juno, ?uno, j?no, ju?o, jun?). The query looks for its own
-- such forms (search-terms.ts, typoFormsOf): "jino" shares "j?no" with "juno"; "jnuo" swapped back
-- is "juno". SEARCH.typoMinLength and typoSubstitutionMaxLength hold the same 3 and 7. The keys are
-- stored (generated columns below), not indexed as an expression: a search rechecks the rows of
-- every page the trigram index brings, and computing them again there cost ~5 µs a row.
-- Words are the lexemes of the 'simple' text search configuration, so they are lower-cased and split
-- as the full-text match splits them ("Juno-60": juno); a lexeme with a digit or punctuation
-- ("-60", "x@y.com") is no word here and can never hold '?'. Only pg_catalog functions are called,
-- so the function works under any search_path (maintenance runs with pg_catalog only).
CREATE OR REPLACE FUNCTION search_typo_keys(document text) RETURNS text[]
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  word text;
  keys text[] := '{}';
BEGIN
  FOREACH word IN ARRAY tsvector_to_array(to_tsvector('simple'::regconfig, document)) LOOP
    CONTINUE WHEN length(word) < 3 OR word ~ '[[:digit:][:punct:]]';
    keys := keys || word;
    IF length(word) <= 7 THEN
      FOR i IN 1..length(word) LOOP
        keys := keys || overlay(word placing '?' from i for 1);
      END LOOP;
    END IF;
  END LOOP;
  RETURN keys;
END
$$;--> statement-breakpoint
-- The keys, computed when a name is written. Not in the Drizzle tables (search-documents.ts), so no
-- select() of a whole row reads them; adding them rewrites each table once.
ALTER TABLE "tracks" ADD COLUMN "typo_keys" text[] GENERATED ALWAYS AS (search_typo_keys("name")) STORED;--> statement-breakpoint
ALTER TABLE "playlists" ADD COLUMN "typo_keys" text[] GENERATED ALWAYS AS (search_typo_keys("name")) STORED;--> statement-breakpoint
ALTER TABLE "collectives" ADD COLUMN "typo_keys" text[] GENERATED ALWAYS AS (search_typo_keys("name")) STORED;--> statement-breakpoint
ALTER TABLE "equipment_tags" ADD COLUMN "typo_keys" text[] GENERATED ALWAYS AS (search_typo_keys("name")) STORED;--> statement-breakpoint
-- A person by the same document the full-text and trigram indexes hold (search-documents.ts).
ALTER TABLE "users" ADD COLUMN "typo_keys" text[] GENERATED ALWAYS AS (search_typo_keys(coalesce("username", '') || ' ' || coalesce("first_name", '') || ' ' || coalesce("last_name", ''))) STORED;--> statement-breakpoint
CREATE INDEX "collectives_typo_keys_idx" ON "collectives" USING gin (typo_keys) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "equipment_tags_typo_keys_idx" ON "equipment_tags" USING gin (typo_keys) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "playlists_typo_keys_idx" ON "playlists" USING gin (typo_keys) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "tracks_typo_keys_idx" ON "tracks" USING gin (typo_keys) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "users_public_typo_keys_idx" ON "users" USING gin (typo_keys) WITH (fastupdate=false) WHERE "users"."is_public";