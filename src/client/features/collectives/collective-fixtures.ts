import type {
  Collective,
  CollectiveAbilities,
  CollectiveComment,
  CollectivePlaylist,
  CollectivePlaylistDetail,
  CollectiveWithRole,
  InviteLink,
  UserSummary,
} from '../../../shared/schemas/collectives';
import type { PlaylistTrack } from '../../../shared/schemas/playlists';
import { readyMedia } from '../../entities/track/test-tracks';
import { testUser } from '../../test/render';

// Test data for the collective screens (imported by tests only).

const AT = '2024-05-01T10:00:00.000Z';

/** What the server's policy answers for each role (collectives.policy.ts, decision 0121). */
export function abilitiesOf(role: CollectiveWithRole['role']): CollectiveAbilities {
  return {
    editSettings: role === 'owner',
    manageInvites: role !== 'member',
    manageMembers: role !== 'member',
    transferOwnership: role === 'owner',
    deleteCollective: role === 'owner',
    leave: role !== 'owner',
    comment: true,
  };
}

export const NO_MEMBER_ABILITIES = {
  makeAdmin: false,
  makeMember: false,
  remove: false,
  makeOwner: false,
  leave: false,
};

export function collective(
  id: number,
  name: string,
  extra: Partial<CollectiveWithRole> = {},
): CollectiveWithRole {
  return {
    id,
    name,
    description: null,
    imageUrl: null,
    ownerId: testUser.id,
    createdAt: AT,
    updatedAt: AT,
    role: 'owner',
    ...extra,
    abilities: extra.abilities ?? abilitiesOf(extra.role ?? 'owner'),
  };
}

/** The list shape (GET /api/collectives), without the caller's role. */
export function listed(id: number, name: string, extra: Partial<Collective> = {}): Collective {
  const { role: _role, abilities: _abilities, ...rest } = collective(id, name, extra);
  return rest;
}

export function person(id: string, extra: Partial<UserSummary> = {}): UserSummary {
  return { id, username: null, firstName: null, lastName: null, avatarUrl: null, updatedAt: AT, ...extra };
}

export function sharedPlaylist(
  id: number,
  name: string,
  extra: Partial<CollectivePlaylist> = {},
): CollectivePlaylist {
  return {
    id,
    userId: 'owner-1',
    name,
    description: null,
    isPublic: false,
    imageUrl: null,
    createdAt: AT,
    updatedAt: AT,
    sharedAt: AT,
    sharedByUserId: 'owner-1',
    abilities: { edit: false, delete: false, share: false },
    user: person('owner-1', { username: 'lee', firstName: 'Lee' }),
    ...extra,
  };
}

export function playlistTrack(id: number, name: string, extra: Partial<PlaylistTrack> = {}): PlaylistTrack {
  return {
    id,
    userId: 'owner-1',
    name,
    filename: `${name}.wav`,
    mimeType: 'audio/wav',
    size: 1000,
    ...readyMedia,
    duration: 65,
    notes: null,
    fileCreatedAt: null,
    shareToEquipmentPages: true,
    visibility: 'public',
    createdAt: AT,
    updatedAt: AT,
    equipment: [],
    version: 1,
    position: 0,
    addedAt: AT,
    ...extra,
  };
}

export function playlistDetail(
  playlist: CollectivePlaylist,
  tracks: PlaylistTrack[],
): CollectivePlaylistDetail {
  return { ...playlist, tracks: tracks.map((t, position) => ({ ...t, position })) };
}

export function comment(
  id: number,
  content: string,
  user: UserSummary,
  extra: Partial<CollectiveComment> = {},
): CollectiveComment {
  return {
    id,
    collectiveId: 1,
    playlistId: 1,
    userId: user.id,
    content,
    hidden: false,
    createdAt: AT,
    user,
    ...extra,
  };
}

export function inviteLink(id: number, code: string, extra: Partial<InviteLink> = {}): InviteLink {
  return {
    id,
    collectiveId: 1,
    code,
    type: 'multi',
    maxUses: null,
    usageCount: 0,
    isActive: true,
    isExhausted: false,
    createdAt: AT,
    expiresAt: null,
    isExpired: false,
    ...extra,
  };
}

/** A reply the test releases when it wants, to look at the optimistic state in between. */
export function deferred() {
  let release: (res: Response) => void = () => {};
  const promise = new Promise<Response>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}
