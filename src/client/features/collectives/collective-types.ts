// Client-side shapes of the collective calls (spec section 7). Kept as plain types because the
// server's response schemas were not in src/shared/schemas when the client started.

/** GET /api/collectives: the caller's collectives. */
export interface CollectiveSummary {
  id: number;
  name: string;
  description: string | null;
  imageUrl: string | null;
  ownerId: string;
}

/** GET /api/collectives/{id}. */
export interface Collective extends CollectiveSummary {
  createdAt: string;
  updatedAt: string;
}

export interface MemberUser {
  username: string | null;
  firstName: string | null;
  lastName: string | null;
  avatarUrl: string | null;
  updatedAt?: string | null;
}

/** GET /api/collectives/{id}/members; role is owner, admin or member. */
export interface CollectiveMember {
  userId: string;
  role: string;
  user: MemberUser | null;
}

/** GET /api/collectives/{id}/playlists: playlists shared into the collective, with their owner. */
export interface CollectivePlaylist {
  id: number;
  name: string;
  imageUrl: string | null;
  user?: { username: string | null; firstName: string | null; avatarUrl: string | null } | null;
}
