-- Decision 0750: a link revoked while it held guests' feedback keeps its row, marked revoked.
ALTER TABLE "share_links" ADD COLUMN "revoked_at" timestamp with time zone;