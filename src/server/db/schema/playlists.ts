import { boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { searchIndexOptions, searchVector, typoKeys } from './search-documents';
import { tracks } from './tracks';
import { users } from './users';

export const playlists = pgTable(
  'playlists',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    description: text(),
    isPublic: boolean().notNull().default(false),
    // A storage key base (`images/<kind>/<uuid>`), never a URL: replies derive it (decision 0116).
    imageKey: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('playlists_user_created_idx').on(t.userId, t.createdAt),
    index('playlists_search_idx').using('gin', searchVector(t.name)).with(searchIndexOptions),
    index('playlists_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')).with(searchIndexOptions),
    index('playlists_name_typo_idx').using('gin', typoKeys(t.name)).with(searchIndexOptions),
  ],
);

export const playlistTracks = pgTable(
  'playlist_tracks',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    playlistId: integer()
      .notNull()
      .references(() => playlists.id, { onDelete: 'cascade' }),
    trackId: integer()
      .notNull()
      .references(() => tracks.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    createdAt: createdAt(),
  },
  // A track sits in a playlist at most once; rows are read in position order.
  (t) => [
    uniqueIndex('playlist_tracks_pair_uq').on(t.playlistId, t.trackId),
    index('playlist_tracks_playlist_position_idx').on(t.playlistId, t.position),
    index('playlist_tracks_track_idx').on(t.trackId),
  ],
);
