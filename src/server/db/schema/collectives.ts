import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { playlists } from './playlists';
import { searchIndexOptions, searchVector, typoKeys } from './search-documents';
import { users } from './users';

export const collectives = pgTable(
  'collectives',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    description: text(),
    // A storage key base (`images/<kind>/<uuid>`), never a URL: replies derive it (decision 0116).
    imageKey: text(),
    ownerId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('collectives_owner_idx').on(t.ownerId),
    index('collectives_search_idx').using('gin', searchVector(t.name)).with(searchIndexOptions),
    index('collectives_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')).with(searchIndexOptions),
    index('collectives_name_typo_idx').using('gin', typoKeys(t.name)).with(searchIndexOptions),
  ],
);

export const collectiveMembers = pgTable(
  'collective_members',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    collectiveId: integer()
      .notNull()
      .references(() => collectives.id, { onDelete: 'cascade' }),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text().notNull().default('member'),
    joinedAt: createdAt(),
  },
  (t) => [
    uniqueIndex('collective_members_pair_uq').on(t.collectiveId, t.userId),
    index('collective_members_user_idx').on(t.userId),
    // The collective's activity, newest first, a page at a time (decision 0911).
    index('collective_members_activity_idx').on(t.collectiveId, t.joinedAt, t.id),
    check('collective_members_role_ck', sql`${t.role} in ('owner', 'admin', 'member')`),
  ],
);

export const collectiveInvitations = pgTable(
  'collective_invitations',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    collectiveId: integer()
      .notNull()
      .references(() => collectives.id, { onDelete: 'cascade' }),
    inviterId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    inviteeId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text().notNull().default('pending'),
    createdAt: createdAt(),
    respondedAt: timestamp({ withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('collective_invitations_collective_idx').on(t.collectiveId),
    index('collective_invitations_inviter_idx').on(t.inviterId),
    index('collective_invitations_invitee_idx').on(t.inviteeId),
  ],
);

export const collectiveInviteLinks = pgTable(
  'collective_invite_links',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    collectiveId: integer()
      .notNull()
      .references(() => collectives.id, { onDelete: 'cascade' }),
    createdById: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    code: text().notNull().unique(),
    type: text().notNull(),
    maxUses: integer(),
    usageCount: integer().notNull().default(0),
    isActive: boolean().notNull().default(true),
    createdAt: createdAt(),
    expiresAt: timestamp({ withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('collective_invite_links_collective_created_idx').on(t.collectiveId, t.createdAt),
    index('collective_invite_links_created_by_idx').on(t.createdById),
    check('collective_invite_links_type_ck', sql`${t.type} in ('single', 'multi')`),
  ],
);

export const playlistCollectiveShares = pgTable(
  'playlist_collective_shares',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    playlistId: integer()
      .notNull()
      .references(() => playlists.id, { onDelete: 'cascade' }),
    collectiveId: integer()
      .notNull()
      .references(() => collectives.id, { onDelete: 'cascade' }),
    sharedByUserId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('playlist_collective_shares_pair_uq').on(t.playlistId, t.collectiveId),
    index('playlist_collective_shares_collective_idx').on(t.collectiveId, t.createdAt),
    index('playlist_collective_shares_shared_by_idx').on(t.sharedByUserId),
  ],
);

export const collectivePlaylistComments = pgTable(
  'collective_playlist_comments',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    collectiveId: integer()
      .notNull()
      .references(() => collectives.id, { onDelete: 'cascade' }),
    playlistId: integer()
      .notNull()
      .references(() => playlists.id, { onDelete: 'cascade' }),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text().notNull(),
    /** Hidden by a moderator (decision 0455): its words are shown to its author only. */
    hiddenAt: timestamp({ withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('collective_playlist_comments_thread_idx').on(t.collectiveId, t.playlistId, t.createdAt),
    index('collective_playlist_comments_playlist_idx').on(t.playlistId),
    index('collective_playlist_comments_user_idx').on(t.userId),
  ],
);
