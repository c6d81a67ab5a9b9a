-- Decision 0410 (issue 27): a public id for each session (the list and its revocation name it; the
-- sid is the cookie's secret), an index on a session's user, and each person's security log.
CREATE TABLE "security_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "security_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "security_events_kind_ck" CHECK (kind in ('sign_in', 'session_revoked', 'other_sessions_revoked', 'api_key_created', 'api_key_revoked', 'export_requested', 'export_downloaded'))
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "public_id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "security_events" ADD CONSTRAINT "security_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "security_events_user_at_idx" ON "security_events" USING btree ("user_id","at");--> statement-breakpoint
CREATE INDEX "security_events_at_idx" ON "security_events" USING btree ("at");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_public_id_uq" ON "sessions" USING btree ("public_id");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree (("sess"->>'userId'));