import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { LikedTrack, LikedTracksPage } from '../../../shared/schemas/likes';
import type { Database } from '../../db/client';
import { inIds } from '../../db/int-array';
import { trackLikes, tracks, users } from '../../db/schema';
import { afterTimeId, decodeTimeIdCursor, encodeTimeIdCursor, exactTimeOf } from '../../db/time-id-cursor';
import { notFound } from '../../plugins/errors';
import { findListenableTrack, listenableToViewer, withEquipment } from '../tracks/tracks.service';
import { toUserSummary, userSummaryColumns } from '../users/users.service';

/**
 * Likes (issue 26, decision 0390): the web app's heart and a Subsonic app's star of a song are one
 * row in track_likes. A person likes only what they may listen to (findListenableTrack), and every
 * read goes through the same rule again (listenableToViewer): a track made private or unshared
 * since stays liked in the table, but shows nowhere until it is theirs to hear again.
 */

/** Likes the track; liking it again changes nothing (the first like's time stays). 404 as the track routes. */
export async function likeTrack(db: Database, userId: string, trackId: number): Promise<void> {
  await findListenableTrack(db, trackId, userId);
  try {
    await db.insert(trackLikes).values({ userId, trackId }).onConflictDoNothing();
  } catch (err) {
    // Deleted between the check and the insert (the foreign key): as if it had never been there.
    if ((err as { code?: string }).code === '23503') throw notFound('Track not found');
    throw err;
  }
}

/**
 * Takes the like back, whatever became of the track: the same answer for any id, so it tells
 * nothing, and a like of a track no longer reachable can still be cleared.
 */
export async function unlikeTrack(db: Database, userId: string, trackId: number): Promise<void> {
  await db.delete(trackLikes).where(and(eq(trackLikes.userId, userId), eq(trackLikes.trackId, trackId)));
}

const reachable = (db: Database, userId: string): SQL =>
  and(eq(trackLikes.userId, userId), listenableToViewer(db, userId))!;

/** The ids of every track the person likes and may still hear, newest like first. */
export async function likedTrackIds(db: Database, userId: string): Promise<number[]> {
  const rows = await db
    .select({ id: trackLikes.trackId })
    .from(trackLikes)
    .innerJoin(tracks, eq(tracks.id, trackLikes.trackId))
    .where(reachable(db, userId))
    .orderBy(desc(trackLikes.createdAt), desc(trackLikes.trackId));
  return rows.map((row) => row.id);
}

/** When the person liked each of these tracks, of those they may still hear (Subsonic's `starred`). */
export async function likedAmong(
  db: Database,
  userId: string,
  trackIds: number[],
): Promise<Map<number, Date>> {
  if (trackIds.length === 0) return new Map();
  const rows = await db
    .select({ id: trackLikes.trackId, at: trackLikes.createdAt })
    .from(trackLikes)
    .innerJoin(tracks, eq(tracks.id, trackLikes.trackId))
    // One array parameter, not one a track: a Subsonic page marks 500 songs.
    .where(and(reachable(db, userId), inIds(trackLikes.trackId, trackIds)));
  return new Map(rows.map((row) => [row.id, row.at]));
}

const exactTime = exactTimeOf(trackLikes.createdAt);

/** One page of the person's liked tracks they may still hear, newest like first, with their owners. */
export async function likedTracksPage(
  db: Database,
  userId: string,
  limit: number,
  cursorText?: string,
): Promise<LikedTracksPage> {
  const cursor = cursorText === undefined ? undefined : decodeTimeIdCursor(cursorText);
  const after = cursor ? afterTimeId(trackLikes.createdAt, trackLikes.trackId, cursor) : undefined;
  const rows = await db
    .select({ track: tracks, owner: userSummaryColumns, likedAt: trackLikes.createdAt, exact: exactTime })
    .from(trackLikes)
    .innerJoin(tracks, eq(tracks.id, trackLikes.trackId))
    .innerJoin(users, eq(users.id, tracks.userId))
    .where(and(reachable(db, userId), after))
    .orderBy(desc(trackLikes.createdAt), desc(trackLikes.trackId))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const dtos = await withEquipment(
    db,
    page.map((row) => row.track),
  );
  const items: LikedTrack[] = page.map((row, i) => ({
    track: dtos[i]!,
    user: toUserSummary(row.owner),
    likedAt: row.likedAt.toISOString(),
  }));
  const last = page.at(-1);
  return {
    items,
    nextCursor: rows.length > limit && last ? encodeTimeIdCursor(last.exact, last.track.id) : null,
  };
}
