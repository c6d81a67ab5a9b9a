-- Issue 48: a collective's activity merged every share, join and comment the collective ever had
-- before taking a page (1,120 comments on the scale seed's first collective: 50 ms, most of it
-- PostgreSQL starting two parallel workers for the sort). Each kind now reads its own newest past
-- the cursor, a page of it, from these indexes in that order (decision 0911).
CREATE INDEX "collective_members_activity_idx" ON "collective_members" USING btree ("collective_id","joined_at","id");--> statement-breakpoint
CREATE INDEX "track_comments_activity_idx" ON "track_comments" USING btree ("collective_id","created_at","id") WHERE "track_comments"."carried_from_version" is null;