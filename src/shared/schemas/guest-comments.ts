import { z } from 'zod';
import { LIMITS } from '../constants';
import { id, text } from './primitives';

/**
 * Guests' timed comments through a review link (issue 45, decisions 0710-0719): what a signed-out
 * guest posts and reads through the link's token, and what the track's owner reads and does with
 * them on their own track.
 */

export const GUEST_NAME_MAX = 50;
export const GUEST_COMMENTS_CLOSED_MESSAGE = 'The owner closed commenting on this link';
export const GUEST_COMMENTS_KIND_MESSAGE = 'This link does not take comments';
export const GUEST_COMMENT_NOT_FOUND_MESSAGE = 'Comment not found';
export const GUEST_PLAYLIST_TRACK_MESSAGE = 'trackId is required: say which track of the playlist';
export const GUEST_REPLY_DEPTH_MESSAGE = 'Replies are one level deep: reply to the first comment';

/** A guest's display name: one line, as display names are (decision 0712). */
export const guestNameSchema = text('Name')
  .min(1, 'Give a name to comment')
  .max(GUEST_NAME_MAX, `Name must be at most ${GUEST_NAME_MAX} characters`);

/** Same limits as members' timed comments (schemas/track-comments.ts). */
const content = text('A comment', { multiline: true })
  .min(1, 'A comment cannot be empty')
  .max(LIMITS.commentLength, `A comment must be at most ${LIMITS.commentLength} characters`);

const seconds = (label: string) =>
  z
    .number(`${label} must be a number of seconds`)
    .finite(`${label} must be a number of seconds`)
    .min(0, `${label} must not be negative`)
    .max(LIMITS.commentMaxSeconds, `${label} is past the end of the track`);

/**
 * POST /api/shares/by-token/{token}/comments. `trackId`: which track of a playlist's link (a track's
 * link: its track, the default). A reply (`parentId`) sits at its thread's moment, so `atSeconds`
 * may be left out of it.
 */
export const createGuestCommentBodySchema = z
  .object({
    name: guestNameSchema,
    content,
    atSeconds: seconds('atSeconds').optional(),
    endSeconds: seconds('endSeconds').nullable().optional(),
    parentId: id().nullable().optional(),
    trackId: id().optional(),
  })
  .strict()
  .refine((b) => b.parentId != null || b.atSeconds !== undefined, {
    message: 'atSeconds is required',
    path: ['atSeconds'],
  })
  .refine((b) => b.endSeconds == null || b.atSeconds === undefined || b.endSeconds > b.atSeconds, {
    message: 'endSeconds must be after atSeconds',
    path: ['endSeconds'],
  });
export type CreateGuestCommentBody = z.infer<typeof createGuestCommentBodySchema>;

export const guestCommentsQuerySchema = z.object({ trackId: z.coerce.number().int().min(1).optional() });

/** A comment as the link's guests read it: no ids of people, only names. */
export const guestCommentSchema = z
  .object({
    id: z.number(),
    trackId: z.number(),
    parentId: z.number().nullable(),
    name: z.string(),
    content: z.string(),
    atSeconds: z.number(),
    endSeconds: z.number().nullable(),
    /** Written by the track's owner (a reply), shown with the owner's name. */
    fromOwner: z.boolean(),
    /** Written by this browser's guest. */
    mine: z.boolean(),
    /** Hidden by the owner: only its own guest reads it, so marked. */
    hidden: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: 'GuestComment' });
export type GuestComment = z.infer<typeof guestCommentSchema>;

export const guestThreadSchema = guestCommentSchema.extend({ replies: z.array(guestCommentSchema) });
export type GuestThread = z.infer<typeof guestThreadSchema>;

/** GET /api/shares/by-token/{token}/comments: the link's threads on one track, and who this browser is. */
export const guestCommentsPageSchema = z
  .object({
    trackId: z.number(),
    /** This browser's guest on this link (from its cookie), or null before they gave a name. */
    guest: z.object({ name: z.string() }).nullable(),
    /** False once the owner closed commenting on the link: guests read, no longer write. */
    commentsOpen: z.boolean(),
    threads: z.array(guestThreadSchema),
  })
  .meta({ id: 'GuestCommentsPage' });
export type GuestCommentsPage = z.infer<typeof guestCommentsPageSchema>;

/** A guest comment as the track's owner reads it, with the link it came through. */
export const ownerGuestCommentSchema = z
  .object({
    id: z.number(),
    shareId: z.number(),
    /** The link's recipient label ("mastering engineer"); null when it has none. */
    recipient: z.string().nullable(),
    /** When the link was made, to name a link without a label ("Link of 3 May"). */
    linkCreatedAt: z.string(),
    /** Whether the link still takes comments. */
    commentsClosed: z.boolean(),
    /** The link was revoked: its guests' words stay the owner's, nobody reaches them by it (decision 0750). */
    linkRevoked: z.boolean(),
    trackId: z.number(),
    parentId: z.number().nullable(),
    name: z.string(),
    content: z.string(),
    atSeconds: z.number(),
    endSeconds: z.number().nullable(),
    /** The owner's own reply; every other comment is a guest's. */
    fromOwner: z.boolean(),
    hidden: z.boolean(),
    trackVersion: z.number(),
    createdAt: z.string(),
  })
  .meta({ id: 'OwnerGuestComment' });
export type OwnerGuestComment = z.infer<typeof ownerGuestCommentSchema>;

export const ownerGuestReplyBodySchema = z.object({ parentId: id(), content }).strict();
export type OwnerGuestReplyBody = z.infer<typeof ownerGuestReplyBodySchema>;

export const hideGuestCommentBodySchema = z.object({ hidden: z.boolean() }).strict();
