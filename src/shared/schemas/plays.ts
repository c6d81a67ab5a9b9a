import { z } from 'zod';
import { userSummarySchema } from './collectives';
import { trackSchema } from './tracks';

/**
 * Listening data (issue 26, decision 0395): a play is one listen that counted (shared/play-rule.ts),
 * from the web player or a Subsonic app's scrobble.
 */

/** GET /api/user/recent: how many tracks at most, newest play first. */
export const RECENT_PLAYS_MAX = 50;

export const recentPlaySchema = z.object({
  track: trackSchema,
  user: userSummarySchema,
  /** The person's latest play of the track. */
  playedAt: z.string(),
  /** How often the person played it. */
  plays: z.number().int().positive(),
});
export type RecentPlay = z.infer<typeof recentPlaySchema>;
export const recentPlaysSchema = z.object({ items: z.array(recentPlaySchema) });
export type RecentPlays = z.infer<typeof recentPlaysSchema>;

/** GET /api/tracks/{id}/plays, for the track's owner: others' plays, never who. */
export const trackPlayCountsSchema = z.object({
  /** Plays by people other than the owner. */
  total: z.number().int().nonnegative(),
  /** Distinct people (not the owner) who played it. */
  listeners: z.number().int().nonnegative(),
  /** Each collective it is shared into: plays and distinct listeners among its members. */
  collectives: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      listeners: z.number().int().nonnegative(),
      plays: z.number().int().nonnegative(),
    }),
  ),
});
export type TrackPlayCounts = z.infer<typeof trackPlayCountsSchema>;
