import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  doublePrecision,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { InboxKind, NotificationKind } from '../../../shared/schemas/notifications';
import { collectivePlaylistComments, collectives } from './collectives';
import { createdAt, updatedAt } from './columns';
import { exports } from './exports';
import { playlists } from './playlists';
import { tracks } from './tracks';
import { users } from './users';

/**
 * Timed comments (issue 14): a moment (`at_seconds`) or a range (`end_seconds`) of a track, in one
 * collective, seen only by its members. Replies (one level) carry their parent's position so a
 * thread sorts as one (decision 0161).
 */
export const trackComments = pgTable(
  'track_comments',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    collectiveId: integer()
      .notNull()
      .references(() => collectives.id, { onDelete: 'cascade' }),
    trackId: integer()
      .notNull()
      .references(() => tracks.id, { onDelete: 'cascade' }),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    parentId: integer().references((): AnyPgColumn => trackComments.id, { onDelete: 'cascade' }),
    content: text().notNull(),
    atSeconds: doublePrecision().notNull(),
    endSeconds: doublePrecision(),
    /** The track's version when the comment was made: its moment may have moved since (decision 0223). */
    trackVersion: integer().notNull().default(1),
    resolvedAt: timestamp({ withTimezone: true, mode: 'date' }),
    editedAt: timestamp({ withTimezone: true, mode: 'date' }),
    /** Hidden by a moderator (decision 0455): its words are shown to its author only. */
    hiddenAt: timestamp({ withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('track_comments_thread_idx').on(t.collectiveId, t.trackId, t.atSeconds),
    index('track_comments_track_idx').on(t.trackId),
    index('track_comments_user_idx').on(t.userId),
    index('track_comments_parent_idx').on(t.parentId),
    check('track_comments_position_ck', sql`${t.atSeconds} >= 0`),
    check('track_comments_range_ck', sql`${t.endSeconds} is null or ${t.endSeconds} > ${t.atSeconds}`),
  ],
);

/**
 * A person's inbox. The entry keeps what it points at (collective, playlist, track, moment) so its
 * link needs no lookup; rows go with whatever they name (cascades).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text().$type<InboxKind>().notNull(),
    actorId: text().references(() => users.id, { onDelete: 'cascade' }),
    collectiveId: integer().references(() => collectives.id, { onDelete: 'cascade' }),
    playlistId: integer().references(() => playlists.id, { onDelete: 'cascade' }),
    trackId: integer().references(() => tracks.id, { onDelete: 'cascade' }),
    commentId: integer().references(() => trackComments.id, { onDelete: 'cascade' }),
    /** The playlist comment a `playlist_comment` (or a mention in one) is about (decision 0300). */
    playlistCommentId: integer(),
    atSeconds: doublePrecision(),
    /** The version a `new_version` entry announces (decision 0226); null for the other kinds. */
    trackVersion: integer(),
    /** The export an `export_ready` entry announces (decision 0415); the entry goes with it. */
    exportId: uuid().references(() => exports.id, { onDelete: 'cascade' }),
    /** A `content_hidden` entry's words: what a moderator hid and why (decision 0455). */
    notice: text(),
    readAt: timestamp({ withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt),
    index('notifications_actor_idx').on(t.actorId),
    index('notifications_collective_idx').on(t.collectiveId),
    index('notifications_comment_idx').on(t.commentId),
    index('notifications_playlist_comment_idx').on(t.playlistCommentId),
    // Named by hand: the generated name runs past PostgreSQL's 63 characters and would be cut.
    foreignKey({
      name: 'notifications_playlist_comment_id_fk',
      columns: [t.playlistCommentId],
      foreignColumns: [collectivePlaylistComments.id],
    }).onDelete('cascade'),
    index('notifications_playlist_idx').on(t.playlistId),
    index('notifications_track_idx').on(t.trackId),
    index('notifications_export_idx').on(t.exportId),
    check(
      'notifications_kind_ck',
      sql`${t.kind} in ('comment', 'reply', 'mention', 'share', 'join', 'new_version', 'playlist_comment', 'export_ready', 'content_hidden')`,
    ),
  ],
);

/** In-app on/off per kind; no row means on (decision 0165). */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text().$type<NotificationKind>().notNull(),
    inApp: boolean().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);
