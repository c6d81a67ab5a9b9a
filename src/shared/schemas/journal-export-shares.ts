import { z } from 'zod';
import { INT4_MAX } from './primitives';
import { SHARE_KINDS } from './shares';

/**
 * The share links part of journal.json (issue 45, decisions 0740-0742, docs/export-format.md): the
 * owner's links with their guests' comments and their listens, and, on a track received through an
 * upload link, who sent it. Never a token (a live key to private tracks in a file people move
 * around), a password hash, a guest's id or a listener's id (the browsers' secrets): guests and
 * listeners are numbered within their link instead. All optional: exports made before have none.
 */

const isoDate = z.string();
/** A count the database keeps in a 4-byte integer. */
const count = z.number().int().min(0).max(INT4_MAX);
/** A number within one link: the same guest or listener is the same number in all its entries. */
const ordinal = z.number().int().min(1);
/** Merged spans heard, `[from, to]` in seconds, in order. Bounded: a track is at most a day long. */
const spans = z.array(z.tuple([z.number().min(0), z.number().min(0)])).max(10_000);

export const exportedGuestCommentSchema = z.object({
  /** The comment's number in this archive, for `parent`. */
  id: z.number().int(),
  /** The track of `tracks` it is on. */
  trackId: z.number().int(),
  /** The comment it answers (replies are one level deep); null for a thread's first comment. */
  parent: z.number().int().nullable(),
  /** The guest's number within the link; null when the owner wrote it (a reply as the owner). */
  guest: ordinal.nullable(),
  name: z.string(),
  content: z.string(),
  atSeconds: z.number(),
  endSeconds: z.number().nullable(),
  /** The track's version the guest listened to. */
  trackVersion: z.number().int().min(1).max(INT4_MAX),
  /** When the owner hid it; null: shown. */
  hiddenAt: isoDate.nullable(),
  createdAt: isoDate,
});
export type ExportedGuestComment = z.infer<typeof exportedGuestCommentSchema>;

export const exportedListenSchema = z.object({
  /** The listener's number within the link, by their first listen. */
  listener: ordinal,
  trackId: z.number().int(),
  heard: spans,
  furthestSeconds: z.number().min(0),
  plays: count,
  downloads: count,
  firstAt: isoDate,
  lastAt: isoDate,
});
export type ExportedListen = z.infer<typeof exportedListenSchema>;

export const exportedShareLinkSchema = z.object({
  /** The link's number in this archive, for a received track's `receivedFrom.link`. */
  id: z.number().int(),
  kind: z.enum(SHARE_KINDS),
  /** What it opens: a track of `tracks`, or a playlist by its place in `playlists` (from 0); an upload link neither. */
  trackId: z.number().int().nullable(),
  playlist: z.number().int().min(0).nullable(),
  recipient: z.string().nullable(),
  description: z.string().nullable(),
  /** Whether opening it asked for a password: the password and its hash are never exported. */
  hasPassword: z.boolean(),
  allowDownload: z.boolean(),
  allowVersions: z.boolean(),
  expiresAt: isoDate.nullable(),
  /** A review link whose owner closed commenting. */
  commentsClosedAt: isoDate.nullable(),
  /** An upload link's caps; null for the other kinds. */
  maxFiles: z.number().int().nullable(),
  maxBytes: z.number().int().nullable(),
  visits: count,
  createdAt: isoDate,
  /** A review link's guest comments and the owner's replies, oldest first. */
  guestComments: z.array(exportedGuestCommentSchema),
  /** What each listener heard of each track, by listener then track. */
  listens: z.array(exportedListenSchema),
});
export type ExportedShareLink = z.infer<typeof exportedShareLinkSchema>;

/** On a track received through an upload link: who sent it, through which link, when. */
export const receivedFromSchema = z.object({
  guestName: z.string(),
  /** The link's recipient label or description when the file came ("via link …"). */
  linkLabel: z.string().nullable(),
  /** The link's `id` in `shareLinks`; null when the link was revoked since. */
  link: z.number().int().nullable(),
  size: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  receivedAt: isoDate,
});
export type ReceivedFrom = z.infer<typeof receivedFromSchema>;
