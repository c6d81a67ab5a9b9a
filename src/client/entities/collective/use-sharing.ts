import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PlaylistWithShares } from '../../../shared/schemas/collectives';
import { toast } from '../../components/ui/use-toast';
import { apiRequest } from '../../lib/api-client';

/** A collective a playlist is shared with: {id, name, imageUrl}. */
export type SharedCollective = PlaylistWithShares['sharedCollectives'][number];

export const sharedCollectivesKey = (playlistId: number) =>
  ['/api/playlists', playlistId, 'shared-collectives'] as const;
export const PLAYLISTS_WITH_SHARES_KEY = ['/api/playlists/with-shared-collectives'] as const;

/** GET /api/playlists/{id}/shared-collectives (owner only). */
export function useSharedCollectives(playlistId: number, enabled = true) {
  return useQuery<SharedCollective[]>({ queryKey: sharedCollectivesKey(playlistId), enabled });
}

/** GET /api/playlists/with-shared-collectives: the journal's playlists with their collective badges. */
export function usePlaylistsWithShares() {
  return useQuery<PlaylistWithShares[]>({ queryKey: PLAYLISTS_WITH_SHARES_KEY });
}

/**
 * POST /api/playlists/{id}/share with the whole selected set (spec section 4), then refresh what
 * shows shares: this playlist's shared collectives, the journal list with badges, the playlists, and
 * the collectives' own playlist lists.
 */
export function useSharePlaylist(playlistId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (collectiveIds: number[]) =>
      (await (
        await apiRequest('POST', `/api/playlists/${playlistId}/share`, { collectiveIds })
      ).json()) as SharedCollective[],
    onSuccess: (shared) => {
      queryClient.setQueryData(sharedCollectivesKey(playlistId), shared);
      void queryClient.invalidateQueries({ queryKey: sharedCollectivesKey(playlistId) });
      void queryClient.invalidateQueries({ queryKey: PLAYLISTS_WITH_SHARES_KEY });
      void queryClient.invalidateQueries({ queryKey: ['/api/playlists'] });
      void queryClient.invalidateQueries({
        predicate: (q) => q.queryKey[0] === '/api/collectives' && q.queryKey[2] === 'playlists',
      });
    },
    onError: () => {
      toast({ variant: 'destructive', title: 'Error', description: 'Failed to share playlist' });
    },
  });
}
