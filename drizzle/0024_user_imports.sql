CREATE TABLE "imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"file_name" text NOT NULL,
	"blob_key" text,
	"total" integer DEFAULT 0 NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"made" jsonb DEFAULT '{"tracks":[],"playlists":[],"equipment":[],"versions":0}'::jsonb NOT NULL,
	"skipped_tracks" integer DEFAULT 0 NOT NULL,
	"skipped_playlists" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "imports_state_ck" CHECK (state in ('queued', 'running', 'done', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "imports_user_created_idx" ON "imports" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "imports_user_active_uq" ON "imports" USING btree ("user_id") WHERE "imports"."state" in ('queued', 'running');--> statement-breakpoint
-- Decision 0425 (hand-appended): an import's uploaded zip is a blob; clearing the key (the import
-- ended, done or failed) or deleting the row (the account going) queues it in the outbox of 0006
-- (decision 0095) in the same transaction.
CREATE TRIGGER "imports_blob_deletions" AFTER UPDATE OF "blob_key" OR DELETE ON "imports"
  FOR EACH ROW EXECUTE FUNCTION "blob_deletions_enqueue"('blob_key');--> statement-breakpoint
-- Every change of an import (progress, end) is announced like the other live events (decision
-- 0100): ids only; each instance sends the row as it is then to the person's streams.
CREATE FUNCTION "live_event_from_import"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('journal_events', json_build_object(
    'kind', 'import', 'userId', NEW."user_id", 'importId', NEW."id")::text);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "imports_live_event" AFTER INSERT OR UPDATE ON "imports"
  FOR EACH ROW EXECUTE FUNCTION "live_event_from_import"();
