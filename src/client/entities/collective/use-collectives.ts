import { useQuery } from '@tanstack/react-query';
import type {
  Collective,
  CollectiveComment,
  CollectiveMember,
  CollectivePlaylist,
  CollectivePlaylistDetail,
  CollectiveWithRole,
} from '../../../shared/schemas/collectives';
import { errorStatus } from '../../lib/api-error';

// Query keys are URL segments: the default query function joins them with '/' (spec section 7).
// Everything about one collective lives under ['/api/collectives', id, …], so invalidating
// ['/api/collectives'] refreshes all of it.

export const COLLECTIVES_QUERY_KEY = ['/api/collectives'] as const;
export const collectiveKey = (id: number) => ['/api/collectives', id] as const;
export const membersKey = (id: number) => ['/api/collectives', id, 'members'] as const;
export const collectivePlaylistsKey = (id: number) => ['/api/collectives', id, 'playlists'] as const;
export const collectivePlaylistKey = (id: number, playlistId: number) =>
  ['/api/collectives', id, 'playlists', playlistId] as const;
export const commentsKey = (id: number, playlistId: number) =>
  ['/api/collectives', id, 'playlists', playlistId, 'comments'] as const;
export const inviteLinksKey = (id: number) => ['/api/collectives', id, 'invite-links'] as const;

/** The caller's collectives (the rail). A negative id is the optimistic stand-in of a new one. */
export function useCollectives() {
  return useQuery<Collective[]>({ queryKey: COLLECTIVES_QUERY_KEY });
}

/** One collective with the caller's role; 404 for anyone who is not a member. */
export function useCollective(id: number | null) {
  return useQuery<CollectiveWithRole>({ queryKey: collectiveKey(id ?? 0), enabled: id !== null });
}

/**
 * Whether a read of the collective says it is gone: 404, as non-members get (left or removed).
 * Reads are not retried (lib/query-client.ts), so a read again that failed otherwise (a restart, a
 * dropped network) is no answer: a page keeps the collective it shows (decision 0929).
 */
export function collectiveGone(error: unknown): boolean {
  return errorStatus(error) === 404;
}

export function useCollectiveMembers(id: number) {
  return useQuery<CollectiveMember[]>({ queryKey: membersKey(id), refetchOnMount: 'always' });
}

/**
 * Playlists shared into the collective, newest share first. Read again whenever a screen showing
 * them mounts: other members share and unshare without this browser knowing.
 */
export function useCollectivePlaylists(id: number) {
  return useQuery<CollectivePlaylist[]>({ queryKey: collectivePlaylistsKey(id), refetchOnMount: 'always' });
}

export function useCollectivePlaylist(id: number, playlistId: number | null) {
  return useQuery<CollectivePlaylistDetail>({
    queryKey: collectivePlaylistKey(id, playlistId ?? 0),
    enabled: playlistId !== null,
    refetchOnMount: 'always',
  });
}

/** Comments on a shared playlist, newest first; read again on mount to see other members' words. */
export function useComments(id: number, playlistId: number | null) {
  return useQuery<CollectiveComment[]>({
    queryKey: commentsKey(id, playlistId ?? 0),
    enabled: playlistId !== null,
    refetchOnMount: 'always',
  });
}

/** Collective ids in routes are numeric; anything else is treated as not found. */
export function parseCollectiveId(raw: string | undefined): number | null {
  if (!raw || !/^\d+$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
