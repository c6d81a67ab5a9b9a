import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import type { PlaylistWithShares } from '../../../shared/schemas/collectives';
import type { Playlist } from '../../../shared/schemas/playlists';
import { toast } from '../../components/ui/use-toast';
import { COLLECTIVES_QUERY_KEY } from '../../entities/collective/use-collectives';
import { PLAYLISTS_WITH_SHARES_KEY } from '../../entities/collective/use-sharing';
import { PLAYLISTS_QUERY_KEY, playlistQueryKey } from '../../entities/playlist/use-playlists';
import { apiRequest, errorMessage } from '../../lib/api-client';

/**
 * DELETE /api/playlists/{id} (decision 0120). Back to the journal first (the page must not ask for
 * a playlist that is gone), then the playlist leaves the sidebar at once, and every collective list
 * is read again: it left each collective it was shared into.
 */
export function useDeletePlaylist(id: number) {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: (_name: string) => apiRequest('DELETE', `/api/playlists/${id}`),
    onSuccess: (_res, name) => {
      navigate('/');
      queryClient.setQueryData<Playlist[]>(PLAYLISTS_QUERY_KEY, (list) => list?.filter((p) => p.id !== id));
      queryClient.setQueryData<PlaylistWithShares[]>(PLAYLISTS_WITH_SHARES_KEY, (list) =>
        list?.filter((p) => p.id !== id),
      );
      queryClient.removeQueries({ queryKey: playlistQueryKey(id) });
      void queryClient.invalidateQueries({ queryKey: PLAYLISTS_QUERY_KEY, exact: true });
      void queryClient.invalidateQueries({ queryKey: PLAYLISTS_WITH_SHARES_KEY, exact: true });
      void queryClient.invalidateQueries({ queryKey: COLLECTIVES_QUERY_KEY });
      toast({ title: 'Playlist deleted', description: `"${name}" has been deleted` });
    },
    onError: (err) =>
      toast({
        variant: 'destructive',
        title: 'Error',
        description: errorMessage(err, 'Failed to delete playlist'),
      }),
  });
}
