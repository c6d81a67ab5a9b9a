import { z } from 'zod';
import { userSummarySchema } from './collectives';
import { id } from './primitives';

/** What a notification is about (issue 14); each has an in-app on/off preference. */
export const NOTIFICATION_KINDS = [
  'comment',
  'reply',
  'mention',
  'share',
  'join',
  'new_version',
  'playlist_comment',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
/**
 * What an inbox entry may be: the kinds above, plus `export_ready` (decision 0415), which answers the
 * person's own request, and `content_hidden` (decision 0455), a moderator's notice: neither has a
 * preference to switch it off.
 */
export const INBOX_KINDS = [...NOTIFICATION_KINDS, 'export_ready', 'content_hidden'] as const;
export type InboxKind = (typeof INBOX_KINDS)[number];

export const notificationSchema = z.object({
  id: z.number(),
  kind: z.enum(INBOX_KINDS),
  actor: userSummarySchema.nullable(),
  collective: z.object({ id: z.number(), name: z.string() }).nullable(),
  playlistId: z.number().nullable(),
  /**
   * The name of the playlist the entry points at; null when it points at none, or when the reader
   * can no longer open it (see playlistAvailable).
   */
  playlistName: z.string().nullable(),
  /**
   * For an entry about a playlist: whether the reader may still open it (theirs, or still shared into
   * the entry's collective while they are a member). false once it was unshared or deleted, or they
   * left: the entry is then shown as no longer shared, without the playlist's name, the comment's
   * words or another person's track, and leads to the collective. null for entries about no playlist.
   */
  playlistAvailable: z.boolean().nullable(),
  track: z.object({ id: z.number(), name: z.string() }).nullable(),
  commentId: z.number().nullable(),
  /** The playlist comment a `playlist_comment` entry (or a mention in one) is about. */
  playlistCommentId: z.number().nullable(),
  /** The comment's words (first part), when it is about one. */
  excerpt: z.string().nullable(),
  atSeconds: z.number().nullable(),
  /** The version a `new_version` entry announces; null for the other kinds. */
  trackVersion: z.number().nullable(),
  /** The export an `export_ready` entry announces; null for the other kinds. */
  exportId: z.string().nullable(),
  /** A `content_hidden` entry's words: what a moderator hid and why; null for the other kinds. */
  notice: z.string().nullable(),
  /**
   * Where the entry leads: the collective playlist at the moment (`?track=…&t=…`), the collective
   * playlist (its comments, for a playlist comment), or the collective; an `export_ready` entry
   * leads to the archive's download (`/api/user/export/{id}`).
   */
  url: z.string(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListSchema = z.object({
  items: z.array(notificationSchema),
  unread: z.number(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

/** `{ ids: [...] }` marks those read; `{}` marks all. */
export const markReadBodySchema = z.object({ ids: z.array(id()).max(500).optional() }).strict();

export const notificationPreferencesSchema = z.object(
  Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, z.boolean()])) as Record<
    NotificationKind,
    z.ZodBoolean
  >,
);
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;
export const updatePreferencesBodySchema = notificationPreferencesSchema.partial().strict();
