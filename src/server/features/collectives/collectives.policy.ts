import type {
  CollectiveAbilities,
  CollectiveRole,
  MemberAbilities,
} from '../../../shared/schemas/collectives';

export type { CollectiveRole };

// The permission table of decision 0013 (grown by decision 0121), one function per row. A caller
// with no role is not a member: every collective resource answers them 404 (the collective "does
// not exist" for them). Replies carry these answers as `abilities`, so the client never guesses.

/** Members of any role read the collective, its members, shared playlists and comments. */
export const canReadCollective = (role: CollectiveRole | undefined): role is CollectiveRole =>
  role !== undefined;

/** Members of any role comment on playlists shared into the collective. */
export const canComment = canReadCollective;

/** Settings (name, about, avatar) belong to the owner alone (spec: ownerId equals the user's id). */
export const canEditCollective = (userId: string, collective: { ownerId: string }) =>
  collective.ownerId === userId;

/** Owner and admins create, list, toggle and revoke invite links. */
export const canManageInvites = (role: CollectiveRole | undefined) => role === 'owner' || role === 'admin';

/** Owner and admins open the member menus (what each may do there: the functions below). */
export const canManageMembers = canManageInvites;

/** Only the owner deletes the collective or hands it to someone else. */
export const canDeleteCollective = (role: CollectiveRole | undefined) => role === 'owner';
export const canTransferOwnership = canDeleteCollective;

/** Anyone but the owner may leave; the owner transfers ownership (or deletes) first. */
export const canLeave = (role: CollectiveRole | undefined) => role === 'admin' || role === 'member';

/**
 * May `actor` set `target`'s role (admin or member)? The owner's role changes only through a
 * transfer. The owner promotes and demotes anyone else; an admin promotes members and may step
 * down, but does not demote another admin (decision 0121: admins are peers, the owner arbitrates).
 */
export function canChangeRole(
  actor: { userId: string; role: CollectiveRole },
  target: { userId: string; role: CollectiveRole },
  newRole: 'admin' | 'member',
): boolean {
  if (target.role === 'owner') return false;
  if (actor.role === 'owner') return true;
  if (actor.role !== 'admin') return false;
  if (target.userId === actor.userId) return newRole === 'member';
  return target.role === 'member';
}

/**
 * May `actor` remove `target` (someone else; removing oneself is leaving)? The owner removes
 * anyone else; an admin removes plain members only (the same peer rule as roles).
 */
export function canRemoveMember(
  actor: { userId: string; role: CollectiveRole },
  target: { userId: string; role: CollectiveRole },
): boolean {
  if (target.userId === actor.userId || target.role === 'owner') return false;
  if (actor.role === 'owner') return true;
  return actor.role === 'admin' && target.role === 'member';
}

export function collectiveAbilities(role: CollectiveRole, userId: string, collective: { ownerId: string }) {
  return {
    editSettings: canEditCollective(userId, collective),
    manageInvites: canManageInvites(role),
    manageMembers: canManageMembers(role),
    transferOwnership: canTransferOwnership(role),
    deleteCollective: canDeleteCollective(role),
    leave: canLeave(role),
    comment: canComment(role),
  } satisfies CollectiveAbilities;
}

/** The caller's menu for one member row. */
export function memberAbilities(
  actor: { userId: string; role: CollectiveRole },
  target: { userId: string; role: CollectiveRole },
): MemberAbilities {
  const self = actor.userId === target.userId;
  return {
    makeAdmin: target.role === 'member' && canChangeRole(actor, target, 'admin'),
    makeMember: target.role === 'admin' && canChangeRole(actor, target, 'member'),
    remove: canRemoveMember(actor, target),
    makeOwner: !self && canTransferOwnership(actor.role),
    leave: self && canLeave(actor.role),
  };
}
