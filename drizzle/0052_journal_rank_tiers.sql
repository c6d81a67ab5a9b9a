-- Issue 48: a one-word journal filter read tier by tier (track-list.match.ts rankTiers). Within a
-- rank tier the order is the name's length, then the name: the first index walks it per owner, so
-- a word that 30,000 of a 100,000-track journal hold reads a page's rows, not every match ranked;
-- the second finds the tiers whose name holds the word by the name's own trigrams.
CREATE INDEX "track_match_documents_user_name_order_idx" ON "track_match_documents" USING btree ("user_id",char_length("name"),"name" collate "C");--> statement-breakpoint
CREATE INDEX "track_match_documents_user_name_trgm_idx" ON "track_match_documents" USING gin ("user_id","name" gin_trgm_ops) WITH (fastupdate=false);