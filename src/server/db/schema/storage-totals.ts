import { bigint, integer, pgTable } from 'drizzle-orm/pg-core';

/**
 * The instance's storage totals for the admin overview (issue 48): bytes and counts of originals,
 * kept versions, renditions, cached transcodes and playlist covers, instead of summing those tables
 * whole at every visit (a million tracks: a sequential scan of each). Kept by the statement
 * triggers of migration 0051 on tracks, track_versions, transcode_cache and playlists, in the
 * database, so that no writer can forget them. Nothing in the app writes it.
 *
 * Sixteen rows, not one: each statement adds its change to the row of its connection
 * (`pg_backend_pid() % 16`), so concurrent uploads do not queue on one row's lock; the overview adds
 * the rows up.
 */
export const storageTotals = pgTable('storage_totals', {
  slot: integer().primaryKey(),
  trackBytes: bigint({ mode: 'number' }).notNull().default(0),
  tracks: bigint({ mode: 'number' }).notNull().default(0),
  renditions: bigint({ mode: 'number' }).notNull().default(0),
  versionBytes: bigint({ mode: 'number' }).notNull().default(0),
  versions: bigint({ mode: 'number' }).notNull().default(0),
  transcodeBytes: bigint({ mode: 'number' }).notNull().default(0),
  playlistCovers: bigint({ mode: 'number' }).notNull().default(0),
});
