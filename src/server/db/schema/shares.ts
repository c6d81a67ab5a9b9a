import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { ShareKind } from '../../../shared/schemas/shares';
import { createdAt } from './columns';
import { playlists } from './playlists';
import { tracks } from './tracks';
import { users } from './users';

/**
 * Private share links (issue 24, decision 0320): `/s/{token}` opens one track or one playlist of its
 * owner to anyone holding the token, whatever the item's visibility. Revoking deletes the row, so a
 * revoked token answers like one never made (404); the item going takes its links with it.
 *
 * Issue 45 (decisions 0700-0709): a link is of a kind. `listen` (every link before) opens its item;
 * `review` also takes guests' timed comments; `upload` opens no item and receives files into the
 * owner's journal. Any kind may carry a password (a scrypt hash) and a recipient's label.
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
    /** A track's link also opens its versions, to compare them A/B (issue 43, decision 0600). */
    allowVersions: boolean().notNull().default(false),
    description: text(),
    visits: integer().notNull().default(0),
    kind: text().$type<ShareKind>().notNull().default('listen'),
    /** `scrypt$N$r$p$salt$hash` (base64url parts); null: no password. */
    passwordHash: text(),
    /** Who the link was made for ("mastering engineer"); listens are shown under this name. */
    recipient: text(),
    /** A review link whose owner closed commenting: guests read, no longer write. */
    commentsClosedAt: timestamp({ withTimezone: true, mode: 'date' }),
    /** An upload link's caps: files and total bytes it may receive (defaults 5 and 2 GB). */
    maxFiles: integer(),
    maxBytes: bigint({ mode: 'number' }),
    /** When the owner was told the link may have leaked (100 listeners in 48 hours): once per link. */
    leakAlertedAt: timestamp({ withTimezone: true, mode: 'date' }),
    /**
     * Revoked while it held guests' feedback (decision 0750): the token opens nothing, as a deleted
     * link's, but the comments and listens it gathered stay the owner's. A link without any is deleted.
     */
    revokedAt: timestamp({ withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('share_links_token_uq').on(t.token),
    index('share_links_user_created_idx').on(t.userId, t.createdAt),
    index('share_links_track_idx').on(t.trackId),
    index('share_links_playlist_idx').on(t.playlistId),
    // A listen or review link opens exactly one thing, a track or a playlist; an upload link none.
    check(
      'share_links_one_item_ck',
      sql`num_nonnulls(${t.trackId}, ${t.playlistId}) = case when ${t.kind} = 'upload' then 0 else 1 end`,
    ),
    check('share_links_kind_ck', sql`${t.kind} in ('listen', 'review', 'upload')`),
    // Only an upload link has caps.
    check(
      'share_links_upload_caps_ck',
      sql`(${t.kind} = 'upload') = (${t.maxFiles} is not null and ${t.maxBytes} is not null)`,
    ),
  ],
);

/**
 * A guest's timed comment through a review link (issue 45, decision 0710): a moment or a range of a
 * track the link opens. The guest has no account: a random id from the cookie the link set, and the
 * name they gave. The owner may reply in the same thread (`userId`, no guest); replies are one level
 * deep, like members' comments. A guest sees only their own link's thread.
 */
export const guestComments = pgTable(
  'guest_comments',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    shareId: integer()
      .notNull()
      .references(() => shareLinks.id, { onDelete: 'cascade' }),
    trackId: integer()
      .notNull()
      .references(() => tracks.id, { onDelete: 'cascade' }),
    parentId: integer().references((): AnyPgColumn => guestComments.id, { onDelete: 'cascade' }),
    /** The guest's random id (from their link cookie) and their display name; null for the owner's reply. */
    guestId: text(),
    name: text().notNull(),
    /** The owner, when the owner replies; null for a guest. */
    userId: text().references(() => users.id, { onDelete: 'cascade' }),
    content: text().notNull(),
    atSeconds: doublePrecision().notNull(),
    endSeconds: doublePrecision(),
    /** The track's version the guest listened to. */
    trackVersion: integer().notNull().default(1),
    /** Hidden by the owner: the guest who wrote it still sees it, marked hidden; nobody else. */
    hiddenAt: timestamp({ withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('guest_comments_track_idx').on(t.trackId, t.atSeconds),
    index('guest_comments_share_idx').on(t.shareId, t.createdAt),
    index('guest_comments_parent_idx').on(t.parentId),
    index('guest_comments_user_idx').on(t.userId),
    check('guest_comments_author_ck', sql`(${t.guestId} is null) <> (${t.userId} is null)`),
  ],
);

/**
 * What one browser heard of one track through one link (issue 45, decision 0720): the spans it
 * played, merged (`[[from, to], …]` in seconds), so a replayed report adds nothing. `listenerId`
 * is the anonymous per-browser id the player sends; nothing else about the listener is kept.
 */
export const shareListens = pgTable(
  'share_listens',
  {
    shareId: integer()
      .notNull()
      .references(() => shareLinks.id, { onDelete: 'cascade' }),
    listenerId: text().notNull(),
    trackId: integer()
      .notNull()
      .references(() => tracks.id, { onDelete: 'cascade' }),
    heard: jsonb().$type<[number, number][]>().notNull().default([]),
    furthestSeconds: real().notNull().default(0),
    plays: integer().notNull().default(0),
    downloads: integer().notNull().default(0),
    firstAt: createdAt(),
    lastAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.shareId, t.listenerId, t.trackId] }),
    // Listeners of a link in the last 48 hours (the leak alert) and a track's listeners (the histogram).
    index('share_listens_share_last_idx').on(t.shareId, t.lastAt),
    index('share_listens_track_idx').on(t.trackId),
  ],
);

/**
 * A track received through an upload link (issue 45, decision 0730): who sent it, by which link.
 * The guest sees only the tracks whose `guestId` is theirs; the track is the owner's, private.
 * The link going keeps the record (its label is copied) so the track still says where it came from.
 */
export const shareUploads = pgTable(
  'share_uploads',
  {
    trackId: integer()
      .primaryKey()
      .references(() => tracks.id, { onDelete: 'cascade' }),
    shareId: integer().references(() => shareLinks.id, { onDelete: 'set null' }),
    guestId: text().notNull(),
    guestName: text().notNull(),
    /** The link's recipient label or description when the file came, for "via link …". */
    linkLabel: text(),
    size: bigint({ mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('share_uploads_share_idx').on(t.shareId, t.guestId)],
);
