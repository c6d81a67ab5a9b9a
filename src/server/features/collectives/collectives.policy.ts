import type { CollectiveRole } from '../../../shared/schemas/collectives';

export type { CollectiveRole };

// The permission table of decision 0013, one function per row. A caller with no role is not a
// member: every collective resource answers them 404 (the collective "does not exist" for them).

/** Members of any role read the collective, its members, shared playlists and comments. */
export const canReadCollective = (role: CollectiveRole | undefined): role is CollectiveRole =>
  role !== undefined;

/** Members of any role comment on playlists shared into the collective. */
export const canComment = canReadCollective;

/** Settings (name, about, avatar) belong to the owner alone (spec: ownerId equals the user's id). */
export const canEditCollective = (userId: string, collective: { ownerId: string }) =>
  collective.ownerId === userId;

/** Owner and admins create, list and toggle invite links. */
export const canManageInvites = (role: CollectiveRole | undefined) => role === 'owner' || role === 'admin';
