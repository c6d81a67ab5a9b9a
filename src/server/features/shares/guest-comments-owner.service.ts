import { and, asc, eq, sql } from 'drizzle-orm';
import {
  GUEST_COMMENT_NOT_FOUND_MESSAGE,
  GUEST_REPLY_DEPTH_MESSAGE,
  type OwnerGuestComment,
  type OwnerGuestReplyBody,
} from '../../../shared/schemas/guest-comments';
import type { Database } from '../../db/client';
import { guestComments, shareLinks, users } from '../../db/schema';
import { badRequest, notFound } from '../../plugins/errors';
import { findOwnTrack } from '../tracks/tracks.service';
import { announceGuestComment, toOwnerDto } from './guest-comment-rows';
import { displayNameOf } from './shares.service';

// The track owner's side of guests' comments (issue 45, decision 0713): read them per link, reply,
// hide or delete. Only the owner: anyone else gets 404, as the track would (findOwnTrack).

const linkColumns = {
  id: shareLinks.id,
  recipient: shareLinks.recipient,
  createdAt: shareLinks.createdAt,
  commentsClosedAt: shareLinks.commentsClosedAt,
  revokedAt: shareLinks.revokedAt,
};

/** Every link's guest comments on the track: by link (oldest first), then by moment, each thread's replies after it. */
export async function listOwnerGuestComments(
  db: Database,
  userId: string,
  trackId: number,
): Promise<OwnerGuestComment[]> {
  await findOwnTrack(db, trackId, userId);
  const rows = await db
    .select({ comment: guestComments, link: linkColumns })
    .from(guestComments)
    .innerJoin(shareLinks, eq(shareLinks.id, guestComments.shareId))
    .where(and(eq(guestComments.trackId, trackId), eq(shareLinks.userId, userId)))
    .orderBy(
      asc(shareLinks.createdAt),
      asc(shareLinks.id),
      asc(guestComments.atSeconds),
      asc(guestComments.createdAt),
      asc(guestComments.id),
    );
  // Each thread's first comment, then its replies (a reply shares its thread's moment, so the sort
  // alone could put another thread at that moment between them).
  const replies = new Map<number, OwnerGuestComment[]>();
  for (const r of rows) {
    const parentId = r.comment.parentId;
    if (parentId !== null)
      replies.set(parentId, [...(replies.get(parentId) ?? []), toOwnerDto(r.comment, r.link)]);
  }
  return rows
    .filter((r) => r.comment.parentId === null)
    .flatMap((r) => [toOwnerDto(r.comment, r.link), ...(replies.get(r.comment.id) ?? [])]);
}

/** A guest comment on the owner's track (404 for anyone else's, or another track's). */
async function requireOwnComment(db: Database, userId: string, trackId: number, commentId: number) {
  const track = await findOwnTrack(db, trackId, userId);
  const [found] = await db
    .select({ comment: guestComments, link: linkColumns })
    .from(guestComments)
    .innerJoin(shareLinks, eq(shareLinks.id, guestComments.shareId))
    .where(
      and(eq(guestComments.id, commentId), eq(guestComments.trackId, trackId), eq(shareLinks.userId, userId)),
    );
  if (!found) throw notFound(GUEST_COMMENT_NOT_FOUND_MESSAGE);
  return { track, ...found };
}

/**
 * The owner answers a guest's thread, in the same link's thread (its guests read it under the
 * owner's name). Allowed after commenting closed: closing stops guests, not the owner (0714).
 */
export async function replyAsOwner(
  db: Database,
  userId: string,
  trackId: number,
  body: OwnerGuestReplyBody,
): Promise<OwnerGuestComment> {
  const { track, comment: parent, link } = await requireOwnComment(db, userId, trackId, body.parentId);
  if (parent.parentId !== null) throw badRequest(GUEST_REPLY_DEPTH_MESSAGE);
  const [owner] = await db
    .select({ firstName: users.firstName, lastName: users.lastName, username: users.username })
    .from(users)
    .where(eq(users.id, userId));
  const row = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(guestComments)
      .values({
        shareId: parent.shareId,
        trackId,
        parentId: parent.id,
        userId,
        name: displayNameOf(owner!),
        content: body.content,
        atSeconds: parent.atSeconds,
        endSeconds: parent.endSeconds,
        trackVersion: track.version,
      })
      .returning();
    await announce(tx, userId, inserted!, 'added');
    return inserted!;
  });
  return toOwnerDto(row, link);
}

const announce = (
  tx: Parameters<typeof announceGuestComment>[0],
  ownerId: string,
  c: { id: number; trackId: number; shareId: number },
  change: 'added' | 'hidden' | 'shown' | 'deleted',
) => announceGuestComment(tx, { ownerId, trackId: c.trackId, shareId: c.shareId, commentId: c.id, change });

/** Hidden: its own guest still reads it (marked hidden), nobody else on the link (decision 0716). */
export async function setGuestCommentHidden(
  db: Database,
  userId: string,
  trackId: number,
  commentId: number,
  hidden: boolean,
): Promise<OwnerGuestComment> {
  const { comment, link } = await requireOwnComment(db, userId, trackId, commentId);
  const row = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(guestComments)
      .set({ hiddenAt: hidden ? sql`coalesce(${guestComments.hiddenAt}, now())` : null })
      .where(eq(guestComments.id, comment.id))
      .returning();
    await announce(tx, userId, comment, hidden ? 'hidden' : 'shown');
    return updated!;
  });
  return toOwnerDto(row, link);
}

/** Deleting a thread's first comment deletes its replies and its inbox entries (foreign keys cascade). */
export async function deleteGuestComment(
  db: Database,
  userId: string,
  trackId: number,
  commentId: number,
): Promise<void> {
  const { comment } = await requireOwnComment(db, userId, trackId, commentId);
  await db.transaction(async (tx) => {
    await tx.delete(guestComments).where(eq(guestComments.id, comment.id));
    await announce(tx, userId, comment, 'deleted');
  });
}
