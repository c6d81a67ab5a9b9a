import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { type BlockedPerson, CANNOT_BLOCK_SELF, USER_NOT_FOUND } from '../../../shared/schemas/moderation';
import type { Database, DbOrTx } from '../../db/client';
import { userBlocks, users } from '../../db/schema';
import { badRequest, forbidden, notFound } from '../../plugins/errors';
import { mentionedNames } from '../notifications/notifications.service';
import { toUserSummary, userSummaryColumns } from '../users/users.service';

// Blocking (issue 28, decision 0450): who blocked whom, and the checks the features that let one
// person reach another (comments, mentions, invite links, the public profile) call.

/** A person named as profiles are (decision 0203): by id, or by username ignoring case; 404 otherwise. */
export async function requirePerson(db: DbOrTx, idOrUsername: string) {
  const [user] = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(or(eq(users.id, idOrUsername), sql`lower(${users.username}) = lower(${idOrUsername})`))
    .orderBy(sql`${users.id} = ${idOrUsername} desc`)
    .limit(1);
  if (!user) throw notFound(USER_NOT_FOUND);
  return user;
}

/** Blocking twice keeps the first block (and its date). */
export async function blockPerson(db: Database, blockerId: string, idOrUsername: string) {
  const target = await requirePerson(db, idOrUsername);
  if (target.id === blockerId) throw badRequest(CANNOT_BLOCK_SELF);
  await db.insert(userBlocks).values({ blockerId, blockedId: target.id }).onConflictDoNothing();
}

/** Unblocking someone not blocked is fine (the end state is what was asked). */
export async function unblockPerson(db: Database, blockerId: string, idOrUsername: string) {
  const target = await requirePerson(db, idOrUsername);
  await db
    .delete(userBlocks)
    .where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, target.id)));
}

export async function listBlocks(db: Database, blockerId: string): Promise<BlockedPerson[]> {
  const rows = await db
    .select({ user: userSummaryColumns, blockedAt: userBlocks.createdAt })
    .from(userBlocks)
    .innerJoin(users, eq(users.id, userBlocks.blockedId))
    .where(eq(userBlocks.blockerId, blockerId))
    .orderBy(desc(userBlocks.createdAt), users.id);
  return rows.map((r) => ({ user: toUserSummary(r.user), blockedAt: r.blockedAt.toISOString() }));
}

/** Whether `blockerId` has blocked `blockedId` (one direction). */
export async function hasBlocked(db: DbOrTx, blockerId: string, blockedId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(userBlocks)
    .where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)))
    .limit(1);
  return row !== undefined;
}

/** 'mine': `me` blocked `other`; 'theirs': `other` blocked `me` (a block both ways reads 'mine'). */
export type BlockSide = 'mine' | 'theirs' | null;

async function blockSides(db: DbOrTx, me: string, others: string[]): Promise<Map<string, BlockSide>> {
  const sides = new Map<string, BlockSide>();
  const ids = [...new Set(others)].filter((id) => id !== me);
  if (ids.length === 0) return sides;
  const rows = await db
    .select({ blockerId: userBlocks.blockerId, blockedId: userBlocks.blockedId })
    .from(userBlocks)
    .where(
      or(
        and(eq(userBlocks.blockerId, me), inArray(userBlocks.blockedId, ids)),
        and(eq(userBlocks.blockedId, me), inArray(userBlocks.blockerId, ids)),
      ),
    );
  for (const r of rows) {
    if (r.blockerId === me) sides.set(r.blockedId, 'mine');
    else if (!sides.has(r.blockerId)) sides.set(r.blockerId, 'theirs');
  }
  return sides;
}

/**
 * Refuses (403) when a block stands either way between `me` and `other` (decision 0450: comments,
 * mentions and invite links are cut both ways). The one who blocked is told to unblock; the one
 * blocked is told only that it is not possible.
 */
export async function refuseIfBlocked(
  db: DbOrTx,
  me: string,
  other: string,
  messages: { mine: string; theirs: string },
) {
  const side = (await blockSides(db, me, [other])).get(other);
  if (side) throw forbidden(messages[side]);
}

/**
 * Refuses (403) a text that @mentions someone with a block either way with its author, naming the
 * first such mention: a blocked person can no longer mention the one who blocked them, and the one
 * who blocked cannot mention them either. Mentions of nobody are left alone.
 */
export async function refuseBlockedMentions(db: DbOrTx, authorId: string, content: string) {
  const names = mentionedNames(content);
  if (names.length === 0) return;
  const named = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(sql`lower(${users.username}) in ${names}`);
  const sides = await blockSides(
    db,
    authorId,
    named.map((u) => u.id),
  );
  for (const u of named) {
    const side = sides.get(u.id);
    if (side === 'mine') throw forbidden(`You have blocked @${u.username}: unblock them to mention them`);
    if (side === 'theirs') throw forbidden(`You cannot mention @${u.username}`);
  }
}

export const TRACK_COMMENT_BLOCKED = {
  mine: 'You have blocked this person: unblock them to comment on their tracks',
  theirs: "You cannot comment on this person's tracks",
};
export const PLAYLIST_COMMENT_BLOCKED = {
  mine: 'You have blocked this person: unblock them to comment on their playlists',
  theirs: "You cannot comment on this person's playlists",
};
export const REPLY_BLOCKED = {
  mine: 'You have blocked this person: unblock them to reply to their comments',
  theirs: "You cannot reply to this person's comments",
};
