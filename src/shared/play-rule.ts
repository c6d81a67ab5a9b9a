/**
 * When a listen counts as a play (decision 0395), for the web player and the server alike. Apart
 * from the schemas (no zod): the player, on every page's first route, imports it.
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
