import { and, eq, inArray } from 'drizzle-orm';
import { OWNER_CANNOT_LEAVE_MESSAGE } from '../../../shared/constants';
import type { CollectiveRole, CollectiveWithRole } from '../../../shared/schemas/collectives';
import type { Database, DbOrTx } from '../../db/client';
import {
  collectiveInviteLinks,
  collectiveMembers,
  collectives,
  playlistCollectiveShares,
  playlists,
} from '../../db/schema';
import { badRequest, forbidden, HttpError, notFound } from '../../plugins/errors';
import {
  canChangeRole,
  canDeleteCollective,
  canManageMembers,
  canRemoveMember,
  canTransferOwnership,
  collectiveAbilities,
} from './collectives.policy';
import { requireMembership, toCollectiveDto } from './collectives.service';

// Roles, removal, leaving, transfer and deletion (decision 0121). Every change runs in a
// transaction that first locks the collective's row, so two managers acting at once are served one
// after the other and each decides on the roles as they are, not as they were read.

type Member = { userId: string; role: CollectiveRole };

async function roleOf(tx: DbOrTx, collectiveId: number, userId: string): Promise<CollectiveRole | undefined> {
  const [row] = await tx
    .select({ role: collectiveMembers.role })
    .from(collectiveMembers)
    .where(and(eq(collectiveMembers.collectiveId, collectiveId), eq(collectiveMembers.userId, userId)));
  return row?.role as CollectiveRole | undefined;
}

/** Locks the collective and returns it with the caller's membership; 404 as for any non-member. */
async function lockAsMember(tx: DbOrTx, collectiveId: number, userId: string) {
  const [collective] = await tx
    .select()
    .from(collectives)
    .where(eq(collectives.id, collectiveId))
    .for('update');
  const role = collective ? await roleOf(tx, collectiveId, userId) : undefined;
  if (!collective || !role) throw notFound('Collective not found');
  return { collective, actor: { userId, role } satisfies Member };
}

async function requireTarget(tx: DbOrTx, collectiveId: number, userId: string): Promise<Member> {
  const role = await roleOf(tx, collectiveId, userId);
  if (!role) throw notFound('Member not found');
  return { userId, role };
}

export async function updateMemberRole(
  db: Database,
  collectiveId: number,
  actorId: string,
  targetId: string,
  newRole: 'admin' | 'member',
): Promise<Member> {
  return db.transaction(async (tx) => {
    const { actor } = await lockAsMember(tx, collectiveId, actorId);
    if (!canManageMembers(actor.role)) throw forbidden('Only the owner and admins can change roles');
    const target = await requireTarget(tx, collectiveId, targetId);
    if (target.role === 'owner') {
      throw actor.role === 'owner'
        ? new HttpError(409, 'The owner stays owner until ownership is transferred to another member')
        : forbidden("The owner's role cannot be changed");
    }
    if (!canChangeRole(actor, target, newRole)) throw forbidden("Only the owner can change an admin's role");
    if (target.role !== newRole) {
      await tx
        .update(collectiveMembers)
        .set({ role: newRole })
        .where(and(eq(collectiveMembers.collectiveId, collectiveId), eq(collectiveMembers.userId, targetId)));
    }
    return { userId: targetId, role: newRole };
  });
}

/**
 * Removes a member, or with the caller's own id, leaves. Either way the person's playlists leave
 * the collective with them and the invite links they made are switched off, so a link they still
 * hold does not let them straight back in (decision 0122).
 */
export async function removeMember(db: Database, collectiveId: number, actorId: string, targetId: string) {
  await db.transaction(async (tx) => {
    const { actor } = await lockAsMember(tx, collectiveId, actorId);
    if (targetId === actorId) {
      if (actor.role === 'owner') throw new HttpError(409, OWNER_CANNOT_LEAVE_MESSAGE);
    } else {
      if (!canManageMembers(actor.role)) throw forbidden('Only the owner and admins can remove members');
      const target = await requireTarget(tx, collectiveId, targetId);
      if (target.role === 'owner') throw forbidden('The owner cannot be removed');
      if (!canRemoveMember(actor, target)) throw forbidden('Only the owner can remove an admin');
    }
    const theirPlaylists = tx
      .select({ id: playlists.id })
      .from(playlists)
      .where(eq(playlists.userId, targetId));
    await tx
      .delete(playlistCollectiveShares)
      .where(
        and(
          eq(playlistCollectiveShares.collectiveId, collectiveId),
          inArray(playlistCollectiveShares.playlistId, theirPlaylists),
        ),
      );
    await tx
      .update(collectiveInviteLinks)
      .set({ isActive: false })
      .where(
        and(
          eq(collectiveInviteLinks.collectiveId, collectiveId),
          eq(collectiveInviteLinks.createdById, targetId),
        ),
      );
    await tx
      .delete(collectiveMembers)
      .where(and(eq(collectiveMembers.collectiveId, collectiveId), eq(collectiveMembers.userId, targetId)));
  });
}

/** The owner hands the collective to another member and stays on as an admin. */
export async function transferOwnership(
  db: Database,
  collectiveId: number,
  actorId: string,
  targetId: string,
): Promise<CollectiveWithRole> {
  return db.transaction(async (tx) => {
    const { actor } = await lockAsMember(tx, collectiveId, actorId);
    if (!canTransferOwnership(actor.role)) throw forbidden('Only the owner can transfer ownership');
    if (targetId === actorId) throw badRequest('You already own this collective');
    await requireTarget(tx, collectiveId, targetId);
    const [row] = await tx
      .update(collectives)
      .set({ ownerId: targetId, updatedAt: new Date() })
      .where(eq(collectives.id, collectiveId))
      .returning();
    const member = (userId: string) =>
      and(eq(collectiveMembers.collectiveId, collectiveId), eq(collectiveMembers.userId, userId));
    await tx.update(collectiveMembers).set({ role: 'owner' }).where(member(targetId));
    await tx.update(collectiveMembers).set({ role: 'admin' }).where(member(actorId));
    return {
      ...toCollectiveDto(row!),
      role: 'admin',
      abilities: collectiveAbilities('admin', actorId, row!),
    };
  });
}

/** Owner only; members, shares, comments and links go with it (foreign keys cascade). */
export async function deleteCollective(db: Database, collectiveId: number, actorId: string) {
  const { role } = await requireMembership(db, collectiveId, actorId);
  if (!canDeleteCollective(role)) throw forbidden('Only the owner can delete the collective');
  await db.delete(collectives).where(eq(collectives.id, collectiveId));
}
