import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Blobs whose rows are gone or point elsewhere now (decision 0095): written by database triggers
 * (migration 0005) in the same transaction as the change that orphans them, so a crash between
 * the commit and the file removal leaves a row here, never a file nobody knows about. The
 * blob-deletions job removes the file (a missing one is fine), then the row.
 * `ref` is a storage key ('tracks/…') or an image key base made by saveImageVariants (both sizes
 * go; decision 0118).
 */
export const blobDeletions = pgTable('blob_deletions', {
  id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  ref: text().notNull(),
  attempts: integer().notNull().default(0),
  lastError: text(),
  createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * Rate-limit counters shared by every instance on one PostgreSQL database (decision 0098): one row
 * per limit and caller, counting hits until `expiresAt`, when the next hit starts a new window.
 */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: text().primaryKey(),
    hits: integer().notNull(),
    expiresAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('rate_limit_hits_expires_idx').on(t.expiresAt)],
);

/**
 * When each periodic task (session prune, demo sweep, outbox kick) last ran anywhere (decision
 * 0099): an instance runs a task only if its conditional update of this row wins, so N instances
 * run it once per period between them.
 */
export const scheduledTaskRuns = pgTable('scheduled_task_runs', {
  name: text().primaryKey(),
  lastRunAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
});
