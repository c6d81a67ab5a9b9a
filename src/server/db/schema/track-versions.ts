import { bigint, index, integer, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { tracks } from './tracks';

/**
 * A new file the owner uploaded for an existing track (decision 0220): v2, v3… The first upload is
 * version 1 and has no row; the track row itself always holds the current file.
 */
export const trackVersions = pgTable(
  'track_versions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    trackId: integer()
      .notNull()
      .references(() => tracks.id, { onDelete: 'cascade' }),
    version: integer().notNull(),
    /** "What changed", in the owner's words. */
    note: text(),
    filename: text().notNull(),
    size: bigint({ mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('track_versions_track_version_uq').on(t.trackId, t.version),
    // The activity feed reads versions newest first.
    index('track_versions_created_idx').on(t.createdAt),
  ],
);
