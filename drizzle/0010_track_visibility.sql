ALTER TABLE "tracks" ADD COLUMN "visibility" text DEFAULT 'private' NOT NULL;--> statement-breakpoint
ALTER TABLE "tracks" ADD COLUMN "content_hash" text;--> statement-breakpoint
CREATE INDEX "tracks_user_content_hash_idx" ON "tracks" USING btree ("user_id","content_hash");--> statement-breakpoint
-- Decision 0141: a public profile published every track of its owner, so those tracks stay public
-- (nothing published disappears); every other existing track becomes private, as new uploads are.
UPDATE "tracks" SET "visibility" = 'public'
  FROM "users" WHERE "users"."id" = "tracks"."user_id" AND "users"."is_public";
