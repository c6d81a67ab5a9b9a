import { sql } from 'drizzle-orm';
import type { GuestComment, OwnerGuestComment } from '../../../shared/schemas/guest-comments';
import type { DbOrTx } from '../../db/client';
import { LIVE_EVENTS_CHANNEL } from '../../db/live-events-channel';
import type { guestComments, shareLinks } from '../../db/schema';

// How a guest comment is shown (issue 45, decision 0710) and how its owner hears of a change live.

export type GuestCommentRow = typeof guestComments.$inferSelect;
type LinkRow = Pick<
  typeof shareLinks.$inferSelect,
  'id' | 'recipient' | 'createdAt' | 'commentsClosedAt' | 'revokedAt'
>;

/** As a guest of the link reads it: `guestId` is this browser's guest (null before a name). */
export function toGuestDto(c: GuestCommentRow, guestId: string | null): GuestComment {
  return {
    id: c.id,
    trackId: c.trackId,
    parentId: c.parentId,
    name: c.name,
    content: c.content,
    atSeconds: c.atSeconds,
    endSeconds: c.endSeconds,
    fromOwner: c.userId !== null,
    mine: guestId !== null && c.guestId === guestId,
    hidden: c.hiddenAt !== null,
    createdAt: c.createdAt.toISOString(),
  };
}

/** As the track's owner reads it, with the link it came through. */
export function toOwnerDto(c: GuestCommentRow, link: LinkRow): OwnerGuestComment {
  return {
    id: c.id,
    shareId: c.shareId,
    recipient: link.recipient,
    linkCreatedAt: link.createdAt.toISOString(),
    commentsClosed: link.commentsClosedAt !== null,
    linkRevoked: link.revokedAt !== null,
    trackId: c.trackId,
    parentId: c.parentId,
    name: c.name,
    content: c.content,
    atSeconds: c.atSeconds,
    endSeconds: c.endSeconds,
    fromOwner: c.userId !== null,
    hidden: c.hiddenAt !== null,
    trackVersion: c.trackVersion,
    createdAt: c.createdAt.toISOString(),
  };
}

export type GuestCommentChange = 'added' | 'hidden' | 'shown' | 'deleted';

/**
 * Tells the owner's open screens (every instance, through the event bus) that a guest comment on
 * their track changed (decision 0715). In the transaction that made the change: PostgreSQL sends a
 * NOTIFY at commit, so a rolled-back change announces nothing.
 */
export async function announceGuestComment(
  tx: DbOrTx,
  m: { ownerId: string; trackId: number; shareId: number; commentId: number; change: GuestCommentChange },
) {
  const payload = JSON.stringify({ kind: 'guest-comment', ...m });
  await tx.execute(sql`select pg_notify(${LIVE_EVENTS_CHANNEL}, ${payload})`);
}
