-- Issue 48: getRandomSongs by genre draws from every song of the genre its caller owns (a fair draw
-- reads all it could pick: 18,000 of the big journal's for one genre), from the range of
-- track_genres_user_genre_order_idx (migration 0053). A condition on lower(genre) needs the column
-- genre itself for an index-only scan, which the index lacked, so each row was read from the table
-- (11,500 pages, 567 ms cold, against 212 index pages and 29 ms with it). The same keys in the same
-- order, with genre written after them (drizzle writes no INCLUDE); getSongsByGenre's pages read
-- the same range. Then ANALYZE, for the new index's lower(genre) statistics. Decision 0899.
DROP INDEX "track_genres_user_genre_order_idx";--> statement-breakpoint
CREATE INDEX "track_genres_user_genre_order_idx" ON "track_genres" USING btree ("user_id",lower("genre"),"track_created_at" DESC NULLS FIRST,"track_id" DESC NULLS FIRST,"genre");--> statement-breakpoint
ANALYZE "track_genres";
