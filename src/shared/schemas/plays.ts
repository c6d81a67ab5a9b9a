import { z } from 'zod';
import { userSummarySchema } from './collectives';
import { trackSchema } from './tracks';

/**
 * Listening data (issue 26, decision 0395): a play is one listen that counted, from the web player
 * or a Subsonic app's scrobble. The rule for "counted" lives here so the player and the server agree.
 */

/** A listen counts once this many seconds were heard (Spotify's 30 s), or half a shorter track. */
export const PLAY_MIN_SECONDS = 30;

/** Seconds of listening after which a play of a track `duration` seconds long counts. */
export function playThreshold(duration: number | null | undefined): number {
  if (!duration || !Number.isFinite(duration) || duration <= 0) return PLAY_MIN_SECONDS;
  return Math.min(PLAY_MIN_SECONDS, duration / 2);
}

/** `listened` seconds of a track `duration` seconds long: a play. */
export const countsAsPlay = (listened: number, duration: number | null | undefined) =>
  listened >= playThreshold(duration);

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
