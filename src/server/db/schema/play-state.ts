import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { tracks } from './tracks';
import { users } from './users';

/**
 * A person's play state as Subsonic apps keep it (issue 46, decisions 0780-0789): the play queue
 * they resume on another device, bookmarks in long takes, and ratings. Every row is the person's
 * own and goes with them or with the track (cascade); albums and artists are no rows of their own
 * (decision 0385), so their ratings are kept by id like library_stars.
 */

/** The one saved queue of a person: which entry plays, where in it, and which app saved it. */
export const playQueues = pgTable(
  'play_queues',
  {
    userId: text()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The saved index (play_queue_entries.position) of the current song; null for an empty queue. */
    currentIndex: integer(),
    positionMs: integer().notNull().default(0),
    changedBy: text().notNull(),
    changedAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [check('play_queues_position_ck', sql`${t.positionMs} >= 0`)],
);

/** The songs of a queue in order; a song may be queued twice, so the key is its place. */
export const playQueueEntries = pgTable(
  'play_queue_entries',
  {
    userId: text()
      .notNull()
      .references(() => playQueues.userId, { onDelete: 'cascade' }),
    position: integer().notNull(),
    trackId: integer()
      .notNull()
      .references(() => tracks.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.position] }),
    index('play_queue_entries_track_idx').on(t.trackId),
  ],
);

/** Where a person left off in a song, one bookmark per person and song. */
export const bookmarks = pgTable(
  'bookmarks',
  {
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    trackId: integer()
      .notNull()
      .references(() => tracks.id, { onDelete: 'cascade' }),
    positionMs: integer().notNull(),
    comment: text().notNull().default(''),
    createdAt: createdAt(),
    changedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.trackId] }),
    index('bookmarks_track_idx').on(t.trackId),
    check('bookmarks_position_ck', sql`${t.positionMs} >= 0`),
  ],
);

/** A person's rating of a song (1-5 stars; no row is no rating). */
export const trackRatings = pgTable(
  'track_ratings',
  {
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    trackId: integer()
      .notNull()
      .references(() => tracks.id, { onDelete: 'cascade' }),
    rating: smallint().notNull(),
    ratedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.trackId] }),
    index('track_ratings_track_idx').on(t.trackId),
    check('track_ratings_rating_ck', sql`${t.rating} between 1 and 5`),
  ],
);

/** A person's rating of an album or artist, by its Subsonic id (`al-…`, `ar-…`). */
export const libraryRatings = pgTable(
  'library_ratings',
  {
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text({ enum: ['album', 'artist'] }).notNull(),
    itemId: text().notNull(),
    rating: smallint().notNull(),
    ratedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind, t.itemId] }),
    check('library_ratings_kind_ck', sql`${t.kind} in ('album', 'artist')`),
    check('library_ratings_rating_ck', sql`${t.rating} between 1 and 5`),
  ],
);
