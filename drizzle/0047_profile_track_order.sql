-- Issue 48: a public profile's tracks in pages, newest first, for exactly the rows it shows (public,
-- not hidden by a moderator); its capped count reads the same index. IF NOT EXISTS: the seeded
-- scale database had it built by hand while it was measured.
CREATE INDEX IF NOT EXISTS "tracks_user_public_order_idx" ON "tracks" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "tracks"."visibility" = 'public' and "tracks"."hidden_at" is null;
