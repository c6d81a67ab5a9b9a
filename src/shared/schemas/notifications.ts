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
  'version_answers',
  // Issue 45: a guest commented through a review link, or sent a file through an upload link.
  'guest_comment',
  'guest_upload',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
/**
 * What an inbox entry may be: the kinds above, plus `export_ready` (decision 0415), which answers the
 * person's own request, `content_hidden` (decision 0455), a moderator's notice to an author, and
 * `report_reviewed` (decision 0580), what became of the reader's report: none has a preference to
 * switch it off.
 */
export const INBOX_KINDS = [
  ...NOTIFICATION_KINDS,
  'export_ready',
  'content_hidden',
  'report_reviewed',
  // A link passed 100 listeners in 48 hours (issue 45): a warning, not to be switched off.
  'share_leak',
] as const;
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
  /** The version a `new_version` or `version_answers` entry announces; null for the other kinds. */
  trackVersion: z.number().nullable(),
  /**
   * A `version_answers` entry ("v3 of “Night Bus” answers your 2 comments", issue 44): how many of
   * the reader's threads were carried to that version; null for the other kinds.
   */
  answeredCount: z.number().nullable(),
  /** The export an `export_ready` entry announces; null for the other kinds. */
  exportId: z.string().nullable(),
  /**
   * A moderator's words: what a `content_hidden` entry says was hidden and why, or a
   * `report_reviewed` entry's outcome; null for the other kinds.
   */
  notice: z.string().nullable(),
  /**
   * The share link a `guest_comment`, `guest_upload` or `share_leak` entry is about (issue 45): a
   * leak warning offers to revoke it; null for the other kinds. Their guest's name is in `notice`.
   */
  shareId: z.number().nullable(),
  /**
   * Where the entry leads: the collective playlist at the moment (`?track=…&t=…`; a
   * `version_answers` entry adds `&compare=<version>,<previous>`, opening the A/B comparison), the collective
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
