import { useQuery } from '@tanstack/react-query';
import type { Collective, CollectiveMember, CollectivePlaylist, CollectiveSummary } from './collective-types';

// Query keys are URL segments: the default query function joins them with '/' (spec section 7).

export const COLLECTIVES_QUERY_KEY = ['/api/collectives'] as const;

export function useCollectives() {
  return useQuery<CollectiveSummary[]>({ queryKey: COLLECTIVES_QUERY_KEY });
}

export function useCollective(id: number | null) {
  return useQuery<Collective>({ queryKey: ['/api/collectives', id], enabled: id !== null });
}

export function useCollectiveMembers(id: number) {
  return useQuery<CollectiveMember[]>({ queryKey: ['/api/collectives', id, 'members'] });
}

export function useCollectivePlaylists(id: number) {
  return useQuery<CollectivePlaylist[]>({ queryKey: ['/api/collectives', id, 'playlists'] });
}

/** Collective ids in routes are numeric; anything else is treated as not found. */
export function parseCollectiveId(raw: string | undefined): number | null {
  if (!raw || !/^\d+$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) ? id : null;
}
