import { z } from 'zod';
import { collectiveCommentSchema } from './collectives';
import { userImportSchema } from './imports';
import { notificationSchema } from './notifications';
import { trackCommentSchema } from './track-comments';

/**
 * What GET /api/events sends (decision 0100): one server-sent event per change that concerns the
 * signed-in person, named by `event:` and carrying one of these as JSON `data:`. The browser updates
 * its query cache from them instead of waiting for a refetch.
 */
export const liveEventSchemas = {
  /** The stream is registered and its presence recorded: every later change reaches it. */
  ready: z.object({}),
  /** Someone commented on a playlist shared into one of the person's collectives. */
  comment: z.object({ collectiveId: z.number(), playlistId: z.number(), comment: collectiveCommentSchema }),
  /**
   * A moderator hid or unhid a comment on a playlist shared into one of the person's collectives
   * (decision 0455): read the list again, as what each member may see of it changed.
   */
  commentVisibility: z.object({ collectiveId: z.number(), playlistId: z.number(), commentId: z.number() }),
  /** A playlist was shared into (or taken out of) one of the person's collectives. */
  share: z.object({
    collectiveId: z.number(),
    playlistId: z.number(),
    change: z.enum(['shared', 'unshared']),
  }),
  /** A member joined, left or changed role (also sent to the person who left). */
  member: z.object({
    collectiveId: z.number(),
    userId: z.string(),
    change: z.enum(['joined', 'left', 'role']),
  }),
  /** A member of one of the person's collectives came online or went offline (decision 0101). */
  presence: z.object({ userId: z.string(), online: z.boolean() }),
  /** A timed comment on a track shared into one of the person's collectives was added, edited or deleted. */
  trackComment: z.object({
    collectiveId: z.number(),
    trackId: z.number(),
    commentId: z.number(),
    parentId: z.number().nullable(),
    change: z.enum(['added', 'edited', 'deleted']),
    /** The comment as it is now; null once deleted. */
    comment: trackCommentSchema.nullable(),
  }),
  /**
   * A guest's comment on one of the person's tracks, through a review link, was added, hidden, shown
   * again or deleted (issue 45, decision 0715): read the track's guest comments again.
   */
  guestComment: z.object({
    trackId: z.number(),
    shareId: z.number(),
    commentId: z.number(),
    change: z.enum(['added', 'hidden', 'shown', 'deleted']),
  }),
  /** A track in a playlist shared into one of the person's collectives has a new version (decision 0230). */
  version: z.object({ collectiveId: z.number(), trackId: z.number(), version: z.number() }),
  /** An import of a Journal export moved on (decision 0425): its state and counts as they are now. */
  importProgress: z.object({ import: userImportSchema }),
  /** A new entry in the person's own inbox. */
  notification: z.object({ notification: notificationSchema }),
  /**
   * The server is about to end this stream (decisions 0240, 0241): its session ended (signed out,
   * expired, replaced), or the person opened more streams than one instance keeps and this is the
   * oldest. Sent last; the browser decides whether and when to open a new one.
   */
  streamClosed: z.object({ reason: z.enum(['sessionEnded', 'tooManyStreams']) }),
  /** Changes may have been missed (the server's listener reconnected): refetch what is shown. */
  resync: z.object({}),
} as const;

export type LiveEventName = keyof typeof liveEventSchemas;
export type StreamCloseReason = z.infer<typeof liveEventSchemas.streamClosed>['reason'];
export type LiveEvent = {
  [K in LiveEventName]: { event: K; data: z.infer<(typeof liveEventSchemas)[K]> };
}[LiveEventName];
