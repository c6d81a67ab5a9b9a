-- Search (issue 30, decision 0500): one letter wrong ("jino" for Juno, "cwllo" for Cello) or two
-- neighbouring letters swapped ("jnuo") in a word of 3 to 7 letters. Trigrams miss both: one wrong
-- letter costs such a word three of its n + 1 trigrams, a swap four. search_typo_keys() gives, for
-- each word of the lower-cased text (a run of letters and digits, 3 to 7 of them, not digits only:
-- a number one digit off is another number), the word with each position in turn as '_' and with
-- each pair of neighbours in sorted order between '<' and '>': "juno" gives _uno, j_no, ju_o, jun_,
-- <ju>no, j<nu>o, ju<no>. '_', '<' and '>' are never part of a word, so two words share a key
-- exactly when they are the same length and differ in one position (j_no: jino, juno) or by two
-- neighbours swapped (j<nu>o: jnuo, juno). The query's word goes through the same function
-- (search-terms.ts), so the keys are defined here only; SEARCH.typoMinLength and typoMaxLength
-- (src/shared/constants.ts) hold the same 3 and 7.
-- Indexed as an expression, not stored in a column: a wider tracks row made the planner leave the
-- journal's order indexes for filtered first pages (decision 0500). Only pg_catalog functions are
-- called and the pairs compare by the "C" collation, so the keys are the same under any search_path
-- (maintenance commands restrict it) and any default collation.
CREATE FUNCTION search_typo_keys(document text) RETURNS text[]
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  w text COLLATE "C";
  n int;
  keys text[] := '{}';
BEGIN
  FOREACH w IN ARRAY regexp_split_to_array(lower(document), '[^[:alnum:]]+') LOOP
    n := length(w);
    CONTINUE WHEN n < 3 OR n > 7 OR w !~ '[^[:digit:]]';
    FOR i IN 1..n - 1 LOOP
      keys := keys || ARRAY[
        overlay(w placing '_' from i for 1),
        overlay(w placing '<' || least(substr(w, i, 1), substr(w, i + 1, 1))
          || greatest(substr(w, i, 1), substr(w, i + 1, 1)) || '>' from i for 2)
      ];
    END LOOP;
    keys := keys || overlay(w placing '_' from n for 1);
  END LOOP;
  RETURN keys;
END
$$;--> statement-breakpoint
CREATE INDEX "collectives_name_typo_idx" ON "collectives" USING gin (search_typo_keys("name")) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "equipment_tags_name_typo_idx" ON "equipment_tags" USING gin (search_typo_keys("name")) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "playlists_name_typo_idx" ON "playlists" USING gin (search_typo_keys("name")) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "tracks_name_typo_idx" ON "tracks" USING gin (search_typo_keys("name")) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "users_public_typo_idx" ON "users" USING gin (search_typo_keys((coalesce("username", '') || ' ' || coalesce("first_name", '') || ' ' || coalesce("last_name", '')))) WITH (fastupdate=false) WHERE "users"."is_public";--> statement-breakpoint
-- No planner statistics on the keys: ANALYZE would compute them for every sampled row (20–30 µs
-- each, up to 30,000 rows a table), which took an ANALYZE of 5,000 tracks on PGlite from 5 to 150 ms,
-- its one connection held meanwhile (decision 0475 analyzes after writes). Without them the planner
-- takes the default selectivity of && (1 %), which suits a typo that finds a few names.
ALTER INDEX "collectives_name_typo_idx" ALTER COLUMN 1 SET STATISTICS 0;--> statement-breakpoint
ALTER INDEX "equipment_tags_name_typo_idx" ALTER COLUMN 1 SET STATISTICS 0;--> statement-breakpoint
ALTER INDEX "playlists_name_typo_idx" ALTER COLUMN 1 SET STATISTICS 0;--> statement-breakpoint
ALTER INDEX "tracks_name_typo_idx" ALTER COLUMN 1 SET STATISTICS 0;--> statement-breakpoint
ALTER INDEX "users_public_typo_idx" ALTER COLUMN 1 SET STATISTICS 0;
