import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { formatDuration } from '../../../shared/format';
import type { CollectiveRole } from '../../../shared/schemas/collectives';
import type {
  CreateTrackCommentBody,
  ResolveTrackCommentBody,
  TrackComment,
  TrackCommentThread,
} from '../../../shared/schemas/track-comments';
import type { Database, DbOrTx } from '../../db/client';
import { playlistCollectiveShares, playlistTracks, trackComments, tracks } from '../../db/schema';
import { badRequest, forbidden, notFound } from '../../plugins/errors';
import {
  REPLY_BLOCKED,
  refuseBlockedMentions,
  refuseIfBlocked,
  TRACK_COMMENT_BLOCKED,
} from '../blocks/blocks.service';
import { requireMembership } from '../collectives/collectives.service';
import { notifyAboutComment } from '../notifications/notifications.service';
import { carriedChain } from './carry-comments.service';
import { selectComments, toDto } from './track-comment-rows';
import { canDeleteTrackComment, canEditTrackComment, canResolveTrackComment } from './track-comments.policy';

export type SharedTrack = {
  id: number;
  userId: string;
  name: string;
  duration: number | null;
  version: number;
};

/**
 * The caller's role and the track, when it sits in a playlist shared into the collective; 404 for a
 * non-member (as every collective resource) and for a track not shared there. `playlistId` is the
 * earliest such share, the one notifications link to.
 */
export async function requireSharedTrack(
  db: DbOrTx,
  collectiveId: number,
  trackId: number,
  userId: string,
): Promise<{ role: CollectiveRole; track: SharedTrack; playlistId: number }> {
  const { role } = await requireMembership(db, collectiveId, userId);
  const [row] = await db
    .select({
      track: {
        id: tracks.id,
        userId: tracks.userId,
        name: tracks.name,
        duration: tracks.duration,
        version: tracks.version,
      },
      playlistId: playlistTracks.playlistId,
    })
    .from(tracks)
    .innerJoin(playlistTracks, eq(playlistTracks.trackId, tracks.id))
    .innerJoin(
      playlistCollectiveShares,
      and(
        eq(playlistCollectiveShares.playlistId, playlistTracks.playlistId),
        eq(playlistCollectiveShares.collectiveId, collectiveId),
      ),
    )
    .where(eq(tracks.id, trackId))
    .orderBy(asc(playlistCollectiveShares.id))
    .limit(1);
  if (!row) throw notFound('Track not found in this collective');
  return { role, ...row };
}

/**
 * One comment with its author (live events carry it; no access check). `viewerId`: who reads it (a
 * hidden comment's words only to its author); live events, read by everyone, pass none.
 */
export async function findTrackComment(
  db: DbOrTx,
  commentId: number,
  viewerId: string | null = null,
): Promise<TrackComment | undefined> {
  const [row] = await selectComments(db, eq(trackComments.id, commentId));
  return row && toDto(row, viewerId);
}

/**
 * Threads on the track in this collective by position (then age), each with its replies: one query.
 * `version`: that version's threads only (issue 44); none: every version's, as before (decision 0652).
 */
export async function listTrackComments(
  db: Database,
  collectiveId: number,
  trackId: number,
  userId: string,
  version?: number | 'all',
): Promise<TrackCommentThread[]> {
  const { track } = await requireSharedTrack(db, collectiveId, trackId, userId);
  // The current version's threads unless asked otherwise (issue 44, decision 0675): its open ones
  // include those carried from earlier versions.
  const shown = version ?? track.version;
  const rows = await selectComments(
    db,
    and(
      eq(trackComments.collectiveId, collectiveId),
      eq(trackComments.trackId, trackId),
      shown === 'all' ? undefined : eq(trackComments.trackVersion, shown),
    ),
  ).orderBy(asc(trackComments.atSeconds), asc(trackComments.createdAt), asc(trackComments.id));
  const threads = new Map<number, TrackCommentThread>();
  for (const row of rows)
    if (row.comment.parentId === null) threads.set(row.comment.id, { ...toDto(row, userId), replies: [] });
  for (const row of rows) {
    if (row.comment.parentId !== null) threads.get(row.comment.parentId)?.replies.push(toDto(row, userId));
  }
  return [...threads.values()];
}

const fmt = (s: number) => formatDuration(s);

/** Positions must fall within the track; a track whose length is unknown is checked for ≥ 0 only. */
function checkPosition(track: SharedTrack, atSeconds: number, endSeconds: number | null) {
  const d = track.duration;
  if (d === null) return;
  if (atSeconds > d) throw badRequest(`atSeconds must be within the track (0:00 to ${fmt(d)})`);
  if (endSeconds !== null && endSeconds > d) {
    throw badRequest(`endSeconds must be within the track (0:00 to ${fmt(d)})`);
  }
}

export async function createTrackComment(
  db: Database,
  collectiveId: number,
  trackId: number,
  userId: string,
  body: CreateTrackCommentBody,
): Promise<TrackComment> {
  const { track, playlistId } = await requireSharedTrack(db, collectiveId, trackId, userId);
  let atSeconds = body.atSeconds ?? 0;
  let endSeconds = body.endSeconds ?? null;
  let parent: typeof trackComments.$inferSelect | undefined;
  if (body.parentId != null) {
    [parent] = await db
      .select()
      .from(trackComments)
      .where(
        and(
          eq(trackComments.id, body.parentId),
          eq(trackComments.collectiveId, collectiveId),
          eq(trackComments.trackId, trackId),
        ),
      );
    if (!parent) throw badRequest('parentId must be a comment on this track in this collective');
    if (parent.parentId !== null) throw badRequest('Replies are one level deep: reply to the first comment');
    // A reply sits at its thread's moment (decision 0161).
    atSeconds = parent.atSeconds;
    endSeconds = parent.endSeconds;
  } else {
    checkPosition(track, atSeconds, endSeconds);
  }
  // A block either way cuts comments on the person's tracks, replies to them and mentions (0450).
  await refuseIfBlocked(db, userId, track.userId, TRACK_COMMENT_BLOCKED);
  if (parent) await refuseIfBlocked(db, userId, parent.userId, REPLY_BLOCKED);
  await refuseBlockedMentions(db, userId, body.content);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(trackComments)
      .values({
        collectiveId,
        trackId,
        userId,
        parentId: parent?.id ?? null,
        content: body.content,
        atSeconds,
        endSeconds,
        // The moment is a moment of this file: a later version may move it (decision 0223).
        trackVersion: track.version,
      })
      .returning({ id: trackComments.id });
    await notifyAboutComment(tx, {
      collectiveId,
      playlistId,
      track,
      commentId: row!.id,
      authorId: userId,
      parentAuthorId: parent?.userId,
      content: body.content,
      atSeconds,
    });
    return row!.id;
  });
  return (await findTrackComment(db, id, userId))!;
}

/** The comment, 404 unless it is on this track in this collective (and the caller a member). */
async function requireComment(
  db: Database,
  collectiveId: number,
  trackId: number,
  commentId: number,
  userId: string,
) {
  const shared = await requireSharedTrack(db, collectiveId, trackId, userId);
  const [comment] = await db
    .select()
    .from(trackComments)
    .where(
      and(
        eq(trackComments.id, commentId),
        eq(trackComments.collectiveId, collectiveId),
        eq(trackComments.trackId, trackId),
      ),
    );
  if (!comment) throw notFound('Comment not found');
  return { ...shared, comment };
}

type Target = { collectiveId: number; trackId: number; commentId: number; userId: string };

export async function updateTrackComment(db: Database, t: Target, content: string): Promise<TrackComment> {
  const { comment } = await requireComment(db, t.collectiveId, t.trackId, t.commentId, t.userId);
  if (!canEditTrackComment(t.userId, comment)) throw forbidden('Only its author can edit a comment');
  await refuseBlockedMentions(db, t.userId, content);
  await db
    .update(trackComments)
    .set({ content, editedAt: sql`now()` })
    .where(eq(trackComments.id, comment.id));
  return (await findTrackComment(db, comment.id, t.userId))!;
}

/** Deleting a thread's first comment deletes its replies with it (the foreign key cascades). */
export async function deleteTrackComment(db: Database, t: Target): Promise<void> {
  const { comment, role } = await requireComment(db, t.collectiveId, t.trackId, t.commentId, t.userId);
  if (!canDeleteTrackComment(t.userId, role, comment)) {
    throw forbidden('Only its author, the owner or an admin can delete a comment');
  }
  await db.delete(trackComments).where(eq(trackComments.id, comment.id));
}

/**
 * Resolving records who and the optional note; reopening clears both (decision 0655). A thread
 * carried across versions is one thread: the change reaches every version's copy (decision 0673).
 */
export async function resolveTrackComment(
  db: Database,
  t: Target,
  { resolved, note }: ResolveTrackCommentBody,
): Promise<TrackComment> {
  const { comment, track } = await requireComment(db, t.collectiveId, t.trackId, t.commentId, t.userId);
  if (!canResolveTrackComment(t.userId, track))
    throw forbidden("Only the track's owner can resolve a comment");
  if (comment.parentId !== null) throw badRequest('Resolve the thread, not a reply');
  await db
    .update(trackComments)
    .set(
      resolved
        ? {
            resolvedAt: sql`coalesce(${trackComments.resolvedAt}, now())`,
            resolvedBy: t.userId,
            resolutionNote: note ?? null,
          }
        : { resolvedAt: null, resolvedBy: null, resolutionNote: null },
    )
    .where(
      and(inArray(trackComments.id, await carriedChain(db, comment.id)), isNull(trackComments.parentId)),
    );
  return (await findTrackComment(db, comment.id, t.userId))!;
}
