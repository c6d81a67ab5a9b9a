import { bigint, index, integer, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { tracks } from './tracks';

/**
 * The versions of a track (decisions 0220, 0430). A row is written for each new file the owner
 * uploads (v2, v3…) and, when version 1 is first replaced, for version 1 too (note null, dated with
 * the track). The track row always holds the current file; an earlier version's row holds its
 * original (`storageKey` and the rest) while it is kept, so the owner can download or remove it.
 * Deleting the row or clearing `storageKey` queues the file in the blob outbox (trigger, decision 0095).
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
    /**
     * The kept original of an earlier version (decision 0430): null for the current version (the
     * track row holds its file), for a version whose file the owner removed, and for versions
     * replaced before migration 0026 (their files were removed then).
     */
    storageKey: text(),
    mimeType: text(),
    /** sha256 (hex) of the kept original, as the upload measured it; null when unknown. */
    contentHash: text(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('track_versions_track_version_uq').on(t.trackId, t.version),
    // The activity feed reads versions newest first.
    index('track_versions_created_idx').on(t.createdAt),
  ],
);
