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
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { InboxKind, NotificationKind } from '../../../shared/schemas/notifications';
import { collectivePlaylistComments, collectives } from './collectives';
import { createdAt, updatedAt } from './columns';
import { equipmentTags } from './equipment';
import { exports } from './exports';
import { playlists } from './playlists';
import { guestComments, shareLinks } from './shares';
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
    /** Who resolved the thread and their optional note ("fixed in v3: lowered the hats", issue 44). */
    resolvedBy: text().references(() => users.id, { onDelete: 'set null' }),
    resolutionNote: text(),
    /**
     * A thread carried to a later version (issue 44, decision 0651): the version it came from and
     * its comment there. Null for a comment made on its own version (every comment until the
     * carry-forward fills them).
     */
    carriedFromVersion: integer(),
    carriedFromCommentId: integer().references((): AnyPgColumn => trackComments.id, { onDelete: 'set null' }),
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
    // The collective's activity, newest first, a page at a time; a carried copy is no news there
    // (decisions 0671, 0911).
    index('track_comments_activity_idx')
      .on(t.collectiveId, t.createdAt, t.id)
      .where(sql`${t.carriedFromVersion} is null`),
    // A comment is carried forward at most once (decision 0670): a retried job inserts nothing twice.
    uniqueIndex('track_comments_carried_once_uq')
      .on(t.carriedFromCommentId)
      .where(sql`${t.carriedFromCommentId} is not null`),
    // Deleting a person clears the threads they resolved (on delete set null).
    index('track_comments_resolved_by_idx').on(t.resolvedBy),
    // Open threads of a track's version: the to-do list, the rows' counts and the markers (issue 44).
    index('track_comments_open_idx')
      .on(t.trackId, t.trackVersion)
      .where(sql`${t.resolvedAt} is null and ${t.parentId} is null`),
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
    /** The equipment page a notice about a comment on it leads to (decision 0580). */
    equipmentId: integer().references(() => equipmentTags.id, { onDelete: 'cascade' }),
    /**
     * A moderator's words: a `content_hidden` entry's (what was hidden and why, decision 0455) or a
     * `report_reviewed` entry's (what became of the reader's report, decision 0580).
     */
    notice: text(),
    /** The link a `guest_comment`, `guest_upload` or `share_leak` entry is about (issue 45). */
    shareId: integer().references(() => shareLinks.id, { onDelete: 'cascade' }),
    /** The guest comment a `guest_comment` entry is about; the guest's name is in `notice`. */
    guestCommentId: integer().references(() => guestComments.id, { onDelete: 'cascade' }),
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
    index('notifications_equipment_idx').on(t.equipmentId),
    index('notifications_share_idx').on(t.shareId),
    index('notifications_guest_comment_idx').on(t.guestCommentId),
    check(
      'notifications_kind_ck',
      sql`${t.kind} in ('comment', 'reply', 'mention', 'share', 'join', 'new_version', 'playlist_comment', 'export_ready', 'content_hidden', 'report_reviewed', 'version_answers', 'guest_comment', 'guest_upload', 'share_leak')`,
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
