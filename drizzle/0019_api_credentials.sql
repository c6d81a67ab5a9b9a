-- Decision 0385 (issue 26): per-user credentials for the OpenSubsonic API. API keys keep only a
-- SHA-256 lookup hash; app passwords keep the password AES-256-GCM encrypted (token auth needs it).
CREATE TABLE "api_credentials" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "api_credentials_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"secret" text,
	"lookup_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "api_credentials_kind_ck" CHECK ("api_credentials"."kind" in ('api-key', 'app-password')),
	CONSTRAINT "api_credentials_secret_ck" CHECK (("api_credentials"."kind" = 'api-key' and "api_credentials"."lookup_hash" is not null and "api_credentials"."secret" is null) or ("api_credentials"."kind" = 'app-password' and "api_credentials"."secret" is not null and "api_credentials"."lookup_hash" is null))
);
--> statement-breakpoint
ALTER TABLE "api_credentials" ADD CONSTRAINT "api_credentials_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_credentials_lookup_hash_uq" ON "api_credentials" USING btree ("lookup_hash");--> statement-breakpoint
CREATE INDEX "api_credentials_user_created_idx" ON "api_credentials" USING btree ("user_id","created_at");