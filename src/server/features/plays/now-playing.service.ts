import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { nowPlaying, tracks } from '../../db/schema';
import { listenableToViewer, type TrackRow } from '../tracks/tracks.service';

/**
 * "Now playing" (Subsonic scrobble with submission=false, decision 0395): one row per person and
 * player, replaced as the player moves on. A row is shown for the track's length plus this margin
 * after it started (pauses, a slow start), then it is as good as gone; an unknown length counts as
 * zero. Stale rows are deleted when the same person's players report again.
 */
export const NOW_PLAYING_MARGIN_MINUTES = 10;
const CLIENT_MAX = 100;

const stillPlaying = sql`${nowPlaying.startedAt} > now() - make_interval(secs => coalesce(${tracks.duration}, 0) + ${NOW_PLAYING_MARGIN_MINUTES * 60})`;

/** The person's player `client` is playing `track` (which the caller checked they may hear), from now. */
export async function setNowPlaying(db: Database, userId: string, client: string, track: TrackRow) {
  const name = client.slice(0, CLIENT_MAX);
  await db
    .insert(nowPlaying)
    .values({ userId, client: name, trackId: track.id, startedAt: new Date() })
    .onConflictDoUpdate({
      target: [nowPlaying.userId, nowPlaying.client],
      set: { trackId: track.id, startedAt: new Date() },
    });
  // The person's other rows that ran out: a player that stopped reporting leaves nothing behind.
  await db.execute(
    sql`delete from ${nowPlaying} where ${nowPlaying.userId} = ${userId} and ${nowPlaying.startedAt} < now() - make_interval(secs => coalesce((select ${tracks.duration} from ${tracks} where ${tracks.id} = ${nowPlaying.trackId}), 0) + ${NOW_PLAYING_MARGIN_MINUTES * 60})`,
  );
}

/**
 * What the viewer's own players are playing, oldest start first. Only the viewer's: nothing in
 * Journal tells others what someone listens to, and no setting asks whether they agree to it.
 * A track the viewer may no longer hear is left out, as everywhere.
 */
export async function nowPlayingOf(db: Database, viewerId: string) {
  const rows = await db
    .select({ client: nowPlaying.client, startedAt: nowPlaying.startedAt, track: tracks })
    .from(nowPlaying)
    .innerJoin(tracks, eq(tracks.id, nowPlaying.trackId))
    .where(and(eq(nowPlaying.userId, viewerId), stillPlaying, listenableToViewer(db, viewerId)))
    .orderBy(asc(nowPlaying.startedAt), asc(nowPlaying.client));
  return rows;
}
