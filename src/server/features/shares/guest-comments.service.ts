import { and, asc, eq } from 'drizzle-orm';
import { formatDuration } from '../../../shared/format';
import {
  type CreateGuestCommentBody,
  GUEST_COMMENT_NOT_FOUND_MESSAGE,
  GUEST_COMMENTS_CLOSED_MESSAGE,
  GUEST_COMMENTS_KIND_MESSAGE,
  GUEST_PLAYLIST_TRACK_MESSAGE,
  GUEST_REPLY_DEPTH_MESSAGE,
  type GuestComment,
  type GuestCommentsPage,
  type GuestThread,
} from '../../../shared/schemas/guest-comments';
import type { Database } from '../../db/client';
import { guestComments, notifications, type shareLinks } from '../../db/schema';
import { badRequest, forbidden, notFound } from '../../plugins/errors';
import { refuseIfBlocked } from '../blocks/blocks.service';
import { switchedOff } from '../notifications/notifications.service';
import type { TrackRow } from '../tracks/tracks.service';
import { announceGuestComment, type GuestCommentRow, toGuestDto } from './guest-comment-rows';
import type { LinkGuest } from './link-cookies';
import { findSharedTrack } from './shares.service';

// A review link's guests (issue 45, decisions 0710-0719): they comment on the moments of the
// link's tracks without an account, and read their own link's thread only.

export type LinkRow = typeof shareLinks.$inferSelect;

/** A person with an account blocked by the owner (or blocking them) comments through no link (0450). */
export const GUEST_COMMENT_BLOCKED = {
  mine: 'You have blocked the owner of this link: unblock them to comment',
  theirs: 'You cannot comment through this link',
};

/**
 * The track of a review link a guest means: `trackId` for a playlist's link (one of its tracks, or
 * 404), the link's own track otherwise. A listen or upload link takes no comments: a post is 403
 * (the contract), a read 404, as under any link before review links (decision 0711).
 */
export async function requireReviewTrack(
  db: Database,
  link: LinkRow,
  trackId: number | undefined,
  { reading = false } = {},
): Promise<TrackRow> {
  if (link.kind !== 'review') {
    throw reading ? notFound(GUEST_COMMENTS_KIND_MESSAGE) : forbidden(GUEST_COMMENTS_KIND_MESSAGE);
  }
  const wanted = trackId ?? link.trackId;
  if (wanted === null) throw badRequest(GUEST_PLAYLIST_TRACK_MESSAGE);
  return (await findSharedTrack(db, link.token, wanted)).track;
}

const byMoment = [asc(guestComments.atSeconds), asc(guestComments.createdAt), asc(guestComments.id)];

/**
 * The link's threads on the track as its guest reads them: this link's only; a hidden comment only
 * to the guest who wrote it (and its thread with it), marked hidden.
 */
export async function listGuestThreads(
  db: Database,
  link: LinkRow,
  track: TrackRow,
  guest: LinkGuest | null,
): Promise<GuestCommentsPage> {
  const rows = await db
    .select()
    .from(guestComments)
    .where(and(eq(guestComments.shareId, link.id), eq(guestComments.trackId, track.id)))
    .orderBy(...byMoment);
  const guestId = guest?.guestId ?? null;
  const visible = (c: GuestCommentRow) => c.hiddenAt === null || (guestId !== null && c.guestId === guestId);
  const threads = new Map<number, GuestThread>();
  for (const c of rows)
    if (c.parentId === null && visible(c)) threads.set(c.id, { ...toGuestDto(c, guestId), replies: [] });
  for (const c of rows)
    if (c.parentId !== null && visible(c)) threads.get(c.parentId)?.replies.push(toGuestDto(c, guestId));
  return {
    trackId: track.id,
    guest: guest ? { name: guest.name } : null,
    commentsOpen: link.commentsClosedAt === null,
    threads: [...threads.values()],
  };
}

/** Positions must fall within the track; one whose length is unknown is checked for ≥ 0 only. */
export function checkWithinTrack(duration: number | null, atSeconds: number, endSeconds: number | null) {
  if (duration === null) return;
  const range = `(0:00 to ${formatDuration(duration)})`;
  if (atSeconds > duration) throw badRequest(`atSeconds must be within the track ${range}`);
  if (endSeconds !== null && endSeconds > duration)
    throw badRequest(`endSeconds must be within the track ${range}`);
}

/**
 * A guest's new comment or reply. `guest` is who they are on this link now (the cookie just set);
 * `signedInUserId`: the account of a signed-in browser, refused when a block stands either way with
 * the owner. The owner hears of it live and in their inbox (unless they switched guest comments off).
 */
export async function createGuestComment(
  db: Database,
  link: LinkRow,
  track: TrackRow,
  guest: LinkGuest,
  body: CreateGuestCommentBody,
  signedInUserId: string | undefined,
): Promise<GuestComment> {
  if (link.commentsClosedAt !== null) throw forbidden(GUEST_COMMENTS_CLOSED_MESSAGE);
  if (signedInUserId) await refuseIfBlocked(db, signedInUserId, link.userId, GUEST_COMMENT_BLOCKED);
  let atSeconds = body.atSeconds ?? 0;
  let endSeconds = body.endSeconds ?? null;
  let parentId: number | null = null;
  if (body.parentId != null) {
    // Another link's comment, another track's, or one hidden from this guest: as if none (404).
    const [parent] = await db
      .select()
      .from(guestComments)
      .where(
        and(
          eq(guestComments.id, body.parentId),
          eq(guestComments.shareId, link.id),
          eq(guestComments.trackId, track.id),
        ),
      );
    if (!parent || (parent.hiddenAt !== null && parent.guestId !== guest.guestId)) {
      throw notFound(GUEST_COMMENT_NOT_FOUND_MESSAGE);
    }
    if (parent.parentId !== null) throw badRequest(GUEST_REPLY_DEPTH_MESSAGE);
    // A reply sits at its thread's moment, as members' do (decision 0161).
    ({ atSeconds, endSeconds } = parent);
    parentId = parent.id;
  } else {
    checkWithinTrack(track.duration, atSeconds, endSeconds);
  }
  const row = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(guestComments)
      .values({
        shareId: link.id,
        trackId: track.id,
        parentId,
        guestId: guest.guestId,
        name: guest.name,
        content: body.content,
        atSeconds,
        endSeconds,
        trackVersion: track.version,
      })
      .returning();
    const off = await switchedOff(tx, [link.userId]);
    if (!off.has(`${link.userId}:guest_comment`)) {
      await tx.insert(notifications).values({
        userId: link.userId,
        kind: 'guest_comment',
        trackId: track.id,
        atSeconds,
        shareId: link.id,
        guestCommentId: inserted!.id,
        notice: guest.name,
      });
    }
    await announceGuestComment(tx, {
      ownerId: link.userId,
      trackId: track.id,
      shareId: link.id,
      commentId: inserted!.id,
      change: 'added',
    });
    return inserted!;
  });
  return toGuestDto(row, guest.guestId);
}
