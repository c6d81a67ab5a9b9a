-- Issue 48: every instance holds journal revisions in memory, on PostgreSQL too, renewed by this
-- NOTIFY on its one LISTEN connection (decision 0100). Migration 0031 announced only where the
-- session set journal.revision_notify (PGlite's one session); now every commit that renews a
-- journal_revision announces it, whoever wrote it (the app, a job, another instance, SQL by hand):
-- a writer that does not announce would leave every instance's memory stale for good.
DROP TRIGGER IF EXISTS "users_journal_revision_notify" ON "users";--> statement-breakpoint
CREATE TRIGGER "users_journal_revision_notify" AFTER UPDATE OF "journal_revision" OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "journal_revision_notify"();
