import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { playlists } from './playlists';
import { tracks } from './tracks';
import { users } from './users';

/**
 * Private share links (issue 24, decision 0320): `/s/{token}` opens one track or one playlist of its
 * owner to anyone holding the token, whatever the item's visibility. Revoking deletes the row, so a
 * revoked token answers like one never made (404); the item going takes its links with it.
 */
export const shareLinks = pgTable(
  'share_links',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    trackId: integer().references(() => tracks.id, { onDelete: 'cascade' }),
    playlistId: integer().references(() => playlists.id, { onDelete: 'cascade' }),
    /** 32 random bytes, base64url (43 characters): kept so the owner can copy the link again. */
    token: text().notNull(),
    expiresAt: timestamp({ withTimezone: true, mode: 'date' }),
    allowDownload: boolean().notNull().default(false),
    description: text(),
    visits: integer().notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('share_links_token_uq').on(t.token),
    index('share_links_user_created_idx').on(t.userId, t.createdAt),
    index('share_links_track_idx').on(t.trackId),
    index('share_links_playlist_idx').on(t.playlistId),
    // A link opens exactly one thing: a track or a playlist.
    check('share_links_one_item_ck', sql`num_nonnulls(${t.trackId}, ${t.playlistId}) = 1`),
  ],
);
