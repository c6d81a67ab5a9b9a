CREATE TABLE "track_version_statuses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "track_version_statuses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"track_id" integer NOT NULL,
	"version" integer NOT NULL,
	"collective_id" integer,
	"status" text NOT NULL,
	"set_by" text,
	"set_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "track_version_statuses_status_ck" CHECK ("track_version_statuses"."status" in ('in_progress', 'in_review', 'changes_requested', 'approved')),
	CONSTRAINT "track_version_statuses_scope_ck" CHECK (("track_version_statuses"."collective_id" is null) = ("track_version_statuses"."status" in ('in_progress', 'in_review'))),
	CONSTRAINT "track_version_statuses_version_ck" CHECK ("track_version_statuses"."version" >= 1)
);
--> statement-breakpoint
ALTER TABLE "track_comments" ADD COLUMN "resolved_by" text;--> statement-breakpoint
ALTER TABLE "track_comments" ADD COLUMN "resolution_note" text;--> statement-breakpoint
ALTER TABLE "track_comments" ADD COLUMN "carried_from_version" integer;--> statement-breakpoint
ALTER TABLE "track_comments" ADD COLUMN "carried_from_comment_id" integer;--> statement-breakpoint
ALTER TABLE "track_version_statuses" ADD CONSTRAINT "track_version_statuses_track_id_tracks_id_fk" FOREIGN KEY ("track_id") REFERENCES "public"."tracks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "track_version_statuses" ADD CONSTRAINT "track_version_statuses_collective_id_collectives_id_fk" FOREIGN KEY ("collective_id") REFERENCES "public"."collectives"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "track_version_statuses" ADD CONSTRAINT "track_version_statuses_set_by_users_id_fk" FOREIGN KEY ("set_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "track_version_statuses_owner_uq" ON "track_version_statuses" USING btree ("track_id","version") WHERE "track_version_statuses"."collective_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "track_version_statuses_collective_uq" ON "track_version_statuses" USING btree ("track_id","version","collective_id") WHERE "track_version_statuses"."collective_id" is not null;--> statement-breakpoint
CREATE INDEX "track_version_statuses_collective_idx" ON "track_version_statuses" USING btree ("collective_id");--> statement-breakpoint
CREATE INDEX "track_version_statuses_set_by_idx" ON "track_version_statuses" USING btree ("set_by");--> statement-breakpoint
ALTER TABLE "track_comments" ADD CONSTRAINT "track_comments_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "track_comments" ADD CONSTRAINT "track_comments_carried_from_comment_id_track_comments_id_fk" FOREIGN KEY ("carried_from_comment_id") REFERENCES "public"."track_comments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "track_comments_carried_from_idx" ON "track_comments" USING btree ("carried_from_comment_id");--> statement-breakpoint
CREATE INDEX "track_comments_resolved_by_idx" ON "track_comments" USING btree ("resolved_by");--> statement-breakpoint
CREATE INDEX "track_comments_open_idx" ON "track_comments" USING btree ("track_id","track_version") WHERE "track_comments"."resolved_at" is null and "track_comments"."parent_id" is null;