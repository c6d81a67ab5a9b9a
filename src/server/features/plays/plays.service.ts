import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { PLAY_MIN_SECONDS } from '../../../shared/play-rule';
import type { RecentPlays, TrackPlayCounts } from '../../../shared/schemas/plays';
import type { Database } from '../../db/client';
import {
  collectiveMembers,
  collectives,
  playlistCollectiveShares,
  playlistTracks,
  trackPlays,
  tracks,
  users,
} from '../../db/schema';
import { findOwnTrack, listenableToViewer, type TrackRow, withEquipment } from '../tracks/tracks.service';
import { toUserSummary, userSummaryColumns } from '../users/users.service';

/**
 * Listening data (issue 26, decision 0395): plays from the web player and Subsonic scrobbles, one
 * table (`track_plays`, client `web` or the app's `c`), read back as "Recently played", as the
 * owner's play counts and as Subsonic's recent and frequent albums.
 */

/** Where the web player's plays come from; a Subsonic app's carry its `c`. */
export const WEB_CLIENT = 'web';
/** A client name is kept as given, up to this long (a `c` is free text). */
const CLIENT_MAX = 100;

/**
 * How close two plays of one track by one person may be: a listen cannot end before the track
 * does, so nearer plays are a flood (or a replayed request) and the later is not counted. 90% of
 * the duration leaves room for a track on repeat, whose plays are one duration apart give or take
 * the timer's jitter; an unknown duration uses the 30 s a play needs at least.
 */
export function minPlayGapSeconds(duration: number | null): number {
  if (duration === null || !Number.isFinite(duration) || duration <= 0) return PLAY_MIN_SECONDS;
  return Math.max(0.5, duration * 0.9);
}

/**
 * Counts one play of `track` (which the caller has checked the person may listen to) at `playedAt`
 * (now when left out; never later than now, nor before the track existed). False when another play
 * of the same track by the same person lies within minPlayGapSeconds of it: nothing is written.
 * The per person and track lock makes two simultaneous requests count once, not twice.
 */
export async function recordPlay(
  db: Database,
  play: { userId: string; track: TrackRow; client: string; playedAt?: Date },
): Promise<boolean> {
  const now = new Date();
  const wanted = play.playedAt && play.playedAt < now ? play.playedAt : now;
  const playedAt = wanted < play.track.createdAt ? play.track.createdAt : wanted;
  const gapMs = Math.round(minPlayGapSeconds(play.track.duration) * 1000);
  const client = play.client.slice(0, CLIENT_MAX) || WEB_CLIENT;
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`play:${play.userId}:${play.track.id}`}, 0))`,
    );
    const [near] = await tx
      .select({ id: trackPlays.id })
      .from(trackPlays)
      .where(
        and(
          eq(trackPlays.userId, play.userId),
          eq(trackPlays.trackId, play.track.id),
          sql`${trackPlays.playedAt} > ${new Date(playedAt.getTime() - gapMs)}`,
          sql`${trackPlays.playedAt} < ${new Date(playedAt.getTime() + gapMs)}`,
        ),
      )
      .limit(1);
    if (near) return false;
    await tx.insert(trackPlays).values({ userId: play.userId, trackId: play.track.id, playedAt, client });
    return true;
  });
}

/**
 * How many of the person's newest plays recentPlays reads first, then more, then all (issue 48):
 * grouping every play of the person was 3.3 s for the seeded big journal's owner (990,000 plays).
 */
export const RECENT_PLAY_WINDOWS: readonly (number | null)[] = [250, 10_000, null];

/**
 * The time of the person's `window`th newest play: plays at or after it are the window (ties at
 * that time all in). Null when they have fewer plays (or `window` is null): the window is all.
 */
async function windowFloor(db: Database, viewerId: string, window: number | null): Promise<Date | null> {
  if (window === null) return null;
  const [row] = await db
    .select({ at: trackPlays.playedAt })
    .from(trackPlays)
    .where(eq(trackPlays.userId, viewerId))
    .orderBy(desc(trackPlays.playedAt))
    .offset(window - 1)
    .limit(1);
  return row?.at ?? null;
}

/** Up to `limit` listenable tracks of the plays since `floor` (all when null), latest play first. */
function recentTrackRows(db: Database, viewerId: string, limit: number, floor: Date | null) {
  const latest = db
    .select({
      trackId: trackPlays.trackId,
      playedAt: sql<Date>`max(${trackPlays.playedAt})`.as('last_played_at'),
    })
    .from(trackPlays)
    .where(and(eq(trackPlays.userId, viewerId), floor ? sql`${trackPlays.playedAt} >= ${floor}` : undefined))
    .groupBy(trackPlays.trackId)
    .as('latest');
  return db
    .select({ track: tracks, user: userSummaryColumns, playedAt: latest.playedAt })
    .from(latest)
    .innerJoin(tracks, eq(tracks.id, latest.trackId))
    .innerJoin(users, eq(users.id, tracks.userId))
    .where(listenableToViewer(db, viewerId))
    .orderBy(desc(latest.playedAt), desc(tracks.id))
    .limit(limit);
}

/**
 * The person's recently played tracks, newest play first, each once with its latest play and how
 * often they played it. Filtered by the listening rule as it is now, so a track made private or
 * taken out of a shared playlist since leaves the list (its plays stay, and return with access).
 *
 * Read from the newest plays only while they hold enough (RECENT_PLAY_WINDOWS): a track played in
 * that window has its latest play there and ranks above every track that has none there, so the
 * first `limit` are exactly those of all plays; ties at the window's oldest time are all inside.
 * When the window yields fewer than `limit` listenable tracks, a larger one is read, at last all.
 * The counts are of all the person's plays of the tracks listed (track_plays_track_user_idx).
 */
export async function recentPlays(
  db: Database,
  viewerId: string,
  limit: number,
  windows: readonly (number | null)[] = RECENT_PLAY_WINDOWS,
): Promise<RecentPlays> {
  let rows: Awaited<ReturnType<typeof recentTrackRows>> = [];
  for (const window of windows) {
    const floor = await windowFloor(db, viewerId, window);
    rows = await recentTrackRows(db, viewerId, limit, floor);
    // Enough, or the window held every play: no larger one can say more.
    if (rows.length >= limit || floor === null) break;
  }
  const ids = rows.map((r) => r.track.id);
  const counts =
    ids.length === 0
      ? []
      : await db
          .select({ trackId: trackPlays.trackId, plays: sql<number>`count(*)::int` })
          .from(trackPlays)
          .where(and(inArray(trackPlays.trackId, ids), eq(trackPlays.userId, viewerId)))
          .groupBy(trackPlays.trackId);
  const playsOf = new Map(counts.map((c) => [c.trackId, Number(c.plays)]));
  const dtos = await withEquipment(
    db,
    rows.map((r) => r.track),
  );
  return {
    items: rows.map((r, i) => ({
      track: dtos[i]!,
      user: toUserSummary(r.user),
      playedAt: new Date(r.playedAt).toISOString(),
      plays: playsOf.get(r.track.id) ?? 0,
    })),
  };
}

/**
 * For the track's owner only (anyone else: 404, as for a track they cannot change): how often others
 * played it and how many people, and per collective it is shared into (and the owner is still in)
 * how many of its members played it. Counts only: never who. The owner's own plays are left out,
 * since they would drown what a musician wants to learn (who else listens) while mixing.
 */
export async function trackPlayCounts(
  db: Database,
  trackId: number,
  viewerId: string,
): Promise<TrackPlayCounts> {
  const track = await findOwnTrack(db, trackId, viewerId);
  const others = and(eq(trackPlays.trackId, track.id), ne(trackPlays.userId, track.userId));
  const [totals] = await db
    .select({
      total: sql<number>`count(*)::int`,
      listeners: sql<number>`count(distinct ${trackPlays.userId})::int`,
    })
    .from(trackPlays)
    .where(others);
  const sharedInto = db
    .select({ id: playlistCollectiveShares.collectiveId })
    .from(playlistCollectiveShares)
    .innerJoin(playlistTracks, eq(playlistTracks.playlistId, playlistCollectiveShares.playlistId))
    .where(eq(playlistTracks.trackId, track.id));
  const ownersCollectives = db
    .select({ id: collectiveMembers.collectiveId })
    .from(collectiveMembers)
    .where(eq(collectiveMembers.userId, track.userId));
  const perCollective = await db
    .select({
      id: collectives.id,
      name: collectives.name,
      listeners: sql<number>`count(distinct ${trackPlays.userId})::int`,
      plays: sql<number>`count(${trackPlays.id})::int`,
    })
    .from(collectives)
    .leftJoin(
      collectiveMembers,
      and(eq(collectiveMembers.collectiveId, collectives.id), ne(collectiveMembers.userId, track.userId)),
    )
    .leftJoin(
      trackPlays,
      and(eq(trackPlays.userId, collectiveMembers.userId), eq(trackPlays.trackId, track.id)),
    )
    .where(and(inArray(collectives.id, sharedInto), inArray(collectives.id, ownersCollectives)))
    .groupBy(collectives.id, collectives.name)
    .orderBy(collectives.name, collectives.id);
  return {
    total: Number(totals?.total ?? 0),
    listeners: Number(totals?.listeners ?? 0),
    collectives: perCollective.map((c) => ({
      id: c.id,
      name: c.name,
      listeners: Number(c.listeners),
      plays: Number(c.plays),
    })),
  };
}
