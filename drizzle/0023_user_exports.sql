CREATE TABLE "exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ready_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"size" bigint,
	"blob_key" text,
	"error" text,
	CONSTRAINT "exports_state_ck" CHECK (state in ('queued', 'running', 'ready', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_ck";--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "export_id" uuid;--> statement-breakpoint
ALTER TABLE "exports" ADD CONSTRAINT "exports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exports_user_created_idx" ON "exports" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "exports_expires_idx" ON "exports" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "exports_user_active_uq" ON "exports" USING btree ("user_id") WHERE "exports"."state" in ('queued', 'running');--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_export_id_exports_id_fk" FOREIGN KEY ("export_id") REFERENCES "public"."exports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_export_idx" ON "notifications" USING btree ("export_id");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_ck" CHECK ("notifications"."kind" in ('comment', 'reply', 'mention', 'share', 'join', 'new_version', 'playlist_comment', 'export_ready'));--> statement-breakpoint
-- Decision 0415 (hand-appended): an export's archive is a blob; deleting the row (expiry after 7
-- days, the account going) queues it in the outbox of 0006 (decision 0095) in the same transaction.
CREATE TRIGGER "exports_blob_deletions" AFTER UPDATE OF "blob_key" OR DELETE ON "exports"
  FOR EACH ROW EXECUTE FUNCTION "blob_deletions_enqueue"('blob_key');
