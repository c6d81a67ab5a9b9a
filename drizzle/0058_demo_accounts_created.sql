-- Demo accounts, newest first, for the live count, the sweep of expired accounts and the sample
-- recordings whose measures demo accounts share (decision 0918); partial, so it holds demo rows only.
CREATE INDEX "users_demo_created_idx" ON "users" USING btree ("created_at") WHERE "users"."is_demo";
