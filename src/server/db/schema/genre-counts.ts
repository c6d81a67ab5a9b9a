import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { tracks } from './tracks';
import { users } from './users';

/**
 * Each track's genres (issue 48, decision 0897): one row per track and category of the gear tagged
 * on it, "not defined" left out (decision 0771), with the track's owner and date. getSongsByGenre
 * pages one owner's songs of a genre newest first from one range of its index, instead of testing
 * the owner's tracks one by one until a page is full (100,000 of them for a rare genre). Kept by the
 * triggers of migration 0053 on track_equipment_tags, equipment_tags and tracks, in the database, so
 * that no writer can forget it (decision 0084's reasoning, as migration 0048). Nothing in the app
 * writes it.
 */
export const trackGenres = pgTable(
  'track_genres',
  {
    trackId: integer()
      .notNull()
      .references(() => tracks.id, { onDelete: 'cascade' }),
    /** equipment_tags.category, as written there. */
    genre: text().notNull(),
    /** The track's owner and created_at, copied by the triggers. */
    userId: text().notNull(),
    trackCreatedAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.trackId, t.genre] }),
    // One owner's songs of a genre (named in any case, as clients send it) newest first, ties by the
    // highest id: getSongsByGenre's order. The genre as written last (drizzle has no INCLUDE): a
    // condition on lower(genre) needs the column itself for an index-only scan, and getRandomSongs
    // by genre reads the whole range (18,000 rows for the big journal: 212 index pages against
    // 11,500 of the table's, 29 against 567 ms cold; migration 0055, decision 0899).
    index('track_genres_user_genre_order_idx').on(
      t.userId,
      sql`lower(${t.genre})`,
      t.trackCreatedAt.desc().nullsFirst(),
      t.trackId.desc().nullsFirst(),
      t.genre,
    ),
  ],
);

/**
 * How many of each person's tracks of each year (UTC, an album: decision 0771's owner × year) are of
 * each genre (issue 48): getGenres' songCount (the sum) and albumCount (the years above 0) of a
 * person's own tracks without reading them (100,000: 1.3 s). Kept from track_genres by its statement
 * triggers (migration 0053); a count brought to 0 stays as a row at 0, so writers only ever add.
 */
export const userGenreCounts = pgTable(
  'user_genre_counts',
  {
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    genre: text().notNull(),
    year: integer().notNull(),
    songs: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.genre, t.year] })],
);
