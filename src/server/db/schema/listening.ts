import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { tracks } from './tracks';
import { users } from './users';

/**
 * Listening data shared by the web app and Subsonic apps (issue 26): likes (Subsonic `star`),
 * plays (Subsonic `scrobble` with submission, the web player) and what each person's players are
 * playing now. Every row belongs to the listener and goes with them or with the track (cascade).
 */

/** A person's "Like" of a track: the web app's heart, a Subsonic app's star. */
export const trackLikes = pgTable(
  'track_likes',
  {
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    trackId: integer()
      .notNull()
      .references(() => tracks.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.trackId] }),
    index('track_likes_user_created_idx').on(t.userId, t.createdAt),
    index('track_likes_track_idx').on(t.trackId),
  ],
);

/**
 * Subsonic apps also star albums and artists (ids such as `al-{userId}-{year}`, `ar-{userId}`),
 * which are not rows of their own here: they are kept by id for getStarred2.
 */
export const libraryStars = pgTable(
  'library_stars',
  {
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text({ enum: ['album', 'artist'] }).notNull(),
    itemId: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind, t.itemId] }),
    check('library_stars_kind_ck', sql`${t.kind} in ('album', 'artist')`),
  ],
);

/** One finished listen of a track by a person. */
export const trackPlays = pgTable(
  'track_plays',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    trackId: integer()
      .notNull()
      .references(() => tracks.id, { onDelete: 'cascade' }),
    playedAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** Where it was heard: `web`, or the Subsonic client's `c` parameter. */
    client: text().notNull(),
  },
  (t) => [
    index('track_plays_user_played_idx').on(t.userId, t.playedAt),
    index('track_plays_track_user_idx').on(t.trackId, t.userId),
  ],
);

/** What a person's player is playing now, one row per player (client), refreshed as it plays. */
export const nowPlaying = pgTable(
  'now_playing',
  {
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    client: text().notNull(),
    trackId: integer()
      .notNull()
      .references(() => tracks.id, { onDelete: 'cascade' }),
    startedAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.client] }),
    index('now_playing_started_idx').on(t.startedAt),
    index('now_playing_track_idx').on(t.trackId),
  ],
);
