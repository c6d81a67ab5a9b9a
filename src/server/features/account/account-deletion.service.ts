import { and, asc, desc, eq, inArray, like, notInArray, type SQL, sql } from 'drizzle-orm';
import { ACCOUNT_DELETION_REFUSED, confirmsAccountDeletion } from '../../../shared/schemas/account';
import type { Database, DbOrTx } from '../../db/client';
import {
  collectiveMembers,
  collectives,
  rateLimitHits,
  sessions,
  trackComments,
  users,
} from '../../db/schema';
import { badRequest, HttpError } from '../../plugins/errors';

/**
 * Leaving (issue 27, decision 0420): what deleting accounts does, as a list of steps run in order in
 * the caller's transaction, so the account is gone whole or not at all. `DELETE /api/user` and the
 * demo sweep both run it. Files are never removed here: the rows that hold them (tracks with their
 * original, rendition, peaks and link-preview image, the avatar, playlist covers, the images of
 * collectives deleted with their owner) queue their keys in blob_deletions as they are deleted, in
 * this same transaction (triggers, decision 0095), and the drain removes them after the commit. A
 * crash leaves either the whole account or the outbox rows, never a file nobody knows about nor a
 * deleted file of an account still there.
 */
export type AccountDeletionStep = (tx: DbOrTx, userIds: string[]) => Promise<void>;

/**
 * Every session of theirs ends: their cookies find nothing from the next request on, on every
 * instance, and the row's delete trigger tells every instance to close their event streams
 * (decision 0240). Sign-in hand-off tokens still waiting to be redeemed (sign-in-handoff.ts, kept
 * in the same table for a minute) go too.
 */
export const endSessions: AccountDeletionStep = async (tx, userIds) => {
  await tx.delete(sessions).where(inArray(sql`${sessions.sess}->>'userId'`, userIds));
  await tx
    .delete(sessions)
    .where(and(like(sessions.sid, 'handoff:%'), inArray(sql`${sessions.sess}->>'handoffUserId'`, userIds)));
};

/**
 * Collectives they own pass to the longest-standing admin, else the longest-standing member (ties by
 * the older membership row); a collective with nobody else in it goes, with its shares, comments,
 * invitations and image (cascades and trigger). Rows locked as members.service locks them, so a
 * role change racing this one is served after it.
 */
const handOverCollectives: AccountDeletionStep = async (tx, userIds) => {
  const owned = await tx
    .select({ id: collectives.id })
    .from(collectives)
    .where(inArray(collectives.ownerId, userIds))
    .orderBy(asc(collectives.id))
    .for('update');
  for (const { id } of owned) {
    const [heir] = await tx
      .select({ userId: collectiveMembers.userId })
      .from(collectiveMembers)
      .where(and(eq(collectiveMembers.collectiveId, id), notInArray(collectiveMembers.userId, userIds)))
      .orderBy(
        desc(sql`${collectiveMembers.role} = 'admin'`),
        asc(collectiveMembers.joinedAt),
        asc(collectiveMembers.id),
      )
      .limit(1);
    if (!heir) {
      await tx.delete(collectives).where(eq(collectives.id, id));
      continue;
    }
    await tx
      .update(collectives)
      .set({ ownerId: heir.userId, updatedAt: new Date() })
      .where(eq(collectives.id, id));
    await tx
      .update(collectiveMembers)
      .set({ role: 'owner' })
      .where(and(eq(collectiveMembers.collectiveId, id), eq(collectiveMembers.userId, heir.userId)));
  }
};

/**
 * Their comments go with them (cascade, decision 0420); other people's replies to one of their
 * timed comments would go too (the parent cascades), so they become comments of their own first:
 * a reply carries its parent's moment already (decision 0161), so it stays where it was.
 */
const keepOthersReplies: AccountDeletionStep = async (tx, userIds) => {
  const theirs = tx
    .select({ id: trackComments.id })
    .from(trackComments)
    .where(inArray(trackComments.userId, userIds));
  await tx
    .update(trackComments)
    .set({ parentId: null })
    .where(and(inArray(trackComments.parentId, theirs), notInArray(trackComments.userId, userIds)));
};

/** Shared rate-limit counters name a signed-in caller `user:{id}` (decision 0098); they go too. */
const forgetRateLimits: AccountDeletionStep = async (tx, userIds) => {
  const named = (id: string): SQL => {
    const key = `user:${id}`;
    return sql`(${rateLimitHits.key} = ${key} or right(${rateLimitHits.key}, ${key.length + 1}) = ${`:${key}`})`;
  };
  await tx.delete(rateLimitHits).where(sql.join(userIds.map(named), sql` or `));
};

/**
 * The accounts' rows, and everything that references them (every foreign key to users cascades):
 * identities (so the same Google account signs up afresh as a new person), tracks and their
 * versions, playlists, likes, plays, now playing, share links, API keys, memberships, invitations,
 * comments, notifications they caused or received, preferences, presence, security events.
 */
const deleteUsers: AccountDeletionStep = async (tx, userIds) => {
  await tx.delete(users).where(inArray(users.id, userIds));
};

/**
 * In order: sessions first (nothing signs in as them mid-way), collectives handed over before the
 * owner's row would cascade them away, replies saved before their parents go. A table whose rows
 * hold files of their own and no trigger (exports, say) adds a step before `deleteUsers` that
 * inserts its keys into blob_deletions.
 */
export const ACCOUNT_DELETION_STEPS: readonly AccountDeletionStep[] = [
  endSessions,
  handOverCollectives,
  keepOthersReplies,
  forgetRateLimits,
  deleteUsers,
];

/** Runs every step for these accounts in `tx`; the caller has locked their rows and kicks the drain after commit. */
export async function deleteAccounts(tx: DbOrTx, userIds: string[]): Promise<void> {
  if (userIds.length === 0) return;
  for (const step of ACCOUNT_DELETION_STEPS) await step(tx, userIds);
}

/**
 * `DELETE /api/user`: the person's own account, once they typed their username or "delete" (400
 * otherwise). One transaction, however large the account: it deletes rows only (files are queued),
 * which PostgreSQL does for thousands of tracks in well under a request's time (decision 0420).
 */
export async function deleteOwnAccount(
  db: Database,
  user: { id: string; username: string | null },
  confirm: string,
): Promise<void> {
  if (!confirmsAccountDeletion(confirm, user.username)) throw badRequest(ACCOUNT_DELETION_REFUSED);
  await db.transaction(async (tx) => {
    // Locked as an upload with a quota locks it: a track being added waits, then finds its owner gone.
    const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
    // Deleted by a request a moment earlier.
    if (!row) throw new HttpError(401, 'Not signed in');
    await deleteAccounts(tx, [row.id]);
  });
}
