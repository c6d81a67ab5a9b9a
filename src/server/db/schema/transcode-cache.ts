import { bigint, boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { tracks } from './tracks';

/**
 * Finished /rest stream transcodes kept in the blob store (issue 26, decision 0400): one row per
 * blob, shared by every instance, so the cache's size and its least recently used entries are known
 * without listing the store. `key` is the blob ('transcodes/<hash>.<suffix>', the hash of the source
 * key, format and bit rate); `stored` turns true once the blob is in the store, and only then is it
 * served. Deleting a row queues its blob for removal (trigger, migration 0022), so a track's deletion
 * (cascade), a new file for it (trigger on tracks) and eviction all go through the blob outbox.
 * Nobody's storage quota counts these bytes: it sums `tracks.size` only.
 */
export const transcodeCache = pgTable(
  'transcode_cache',
  {
    key: text().primaryKey(),
    trackId: integer()
      .notNull()
      .references(() => tracks.id, { onDelete: 'cascade' }),
    /** The stream source transcoded (the track's file or its rendition) when this was made. */
    sourceKey: text().notNull(),
    size: bigint({ mode: 'number' }).notNull(),
    stored: boolean().notNull().default(false),
    createdAt: createdAt(),
    lastUsedAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('transcode_cache_track_idx').on(t.trackId),
    index('transcode_cache_last_used_idx').on(t.lastUsedAt),
  ],
);
