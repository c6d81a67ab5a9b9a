import { z } from 'zod';
import { userSummarySchema } from './collectives';
import { pageLimit } from './primitives';
import { trackSchema } from './tracks';

/** Page sizes of GET /api/user/likes (the journal's, decision 0064). */
export const LIKES_PAGE_LIMIT = { min: 1, max: 200, default: 100 } as const;

/** GET /api/user/likes: one page, newest like first, after the previous page's `nextCursor`. */
export const likesQuerySchema = z.object({
  limit: pageLimit(LIKES_PAGE_LIMIT).default(LIKES_PAGE_LIMIT.default),
  cursor: z.string().max(200, 'cursor is not one this server gave').optional(),
});

/** A liked track with its owner (the artist of the queue) and when the person liked it. */
export const likedTrackSchema = z.object({
  track: trackSchema,
  user: userSummarySchema,
  likedAt: z.string(),
});
export type LikedTrack = z.infer<typeof likedTrackSchema>;

export const likedTracksPageSchema = z.object({
  items: z.array(likedTrackSchema),
  nextCursor: z.string().nullable(),
});
export type LikedTracksPage = z.infer<typeof likedTracksPageSchema>;

/**
 * GET /api/user/likes/ids: which tracks the person likes, for the hearts of every list (decision
 * 0390): a small reply of its own, so no cached track list changes when a heart does.
 */
export const likedTrackIdsSchema = z.object({ trackIds: z.array(z.number()) });
export type LikedTrackIds = z.infer<typeof likedTrackIdsSchema>;

/** PUT and DELETE /api/tracks/{id}/like answer the state the track is now in. */
export const likeStateSchema = z.object({ liked: z.boolean() });
export type LikeState = z.infer<typeof likeStateSchema>;
