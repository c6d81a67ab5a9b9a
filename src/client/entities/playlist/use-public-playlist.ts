import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Playlist, PublicPlaylist } from '../../../shared/schemas/playlists';
import { toast } from '../../components/ui/use-toast';
import { apiRequest } from '../../lib/api-client';
import { pollWhilePending } from '../track/use-tracks';
import { restore, snapshot, updatePlaylistFields } from './playlist-cache';

/** GET /api/public/playlists/{id} (decision 0345): what anyone sees of a public playlist. */
export const publicPlaylistQueryKey = (id: number) => ['/api/public/playlists', id] as const;

/** The absolute address of a playlist's page, the link its owner shares once it is public. */
export const playlistPageUrl = (id: number) => `${window.location.origin}/playlist/${id}`;

/**
 * A public playlist and its public tracks; private, missing and malformed are the same 404. Read
 * again each time the page opens, and polled while one of its tracks is still being processed.
 */
export function usePublicPlaylist(id: number | null) {
  return useQuery<PublicPlaylist>({
    queryKey: publicPlaylistQueryKey(id ?? 0),
    enabled: id !== null,
    refetchOnMount: 'always',
    refetchInterval: (query) => pollWhilePending(query.state.data?.tracks),
  });
}

/**
 * PATCH /api/playlists/{id} { isPublic }: like the profile switch (spec section 4), the switch
 * moves at once, the change is sent, and cache and switch go back on failure with a toast.
 */
export function useSetPlaylistPublic(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (isPublic: boolean) =>
      (await (await apiRequest('PATCH', `/api/playlists/${id}`, { isPublic })).json()) as Playlist,
    onMutate: async (isPublic) => {
      const saved = await snapshot(queryClient, id);
      updatePlaylistFields(queryClient, id, { isPublic });
      return saved;
    },
    onError: (_err, _isPublic, saved) => {
      restore(queryClient, id, saved);
      toast({ variant: 'destructive', title: 'Error', description: 'Failed to update playlist' });
    },
    onSuccess: (playlist) => {
      updatePlaylistFields(queryClient, id, playlist);
      toast({
        title: 'Playlist updated',
        description: playlist.isPublic
          ? 'Anyone with the link can now listen to its public tracks'
          : 'Your playlist is now private',
      });
    },
    // A visitor's copy of it (this browser, another tab's page) must not outlive the change.
    onSettled: () => queryClient.removeQueries({ queryKey: publicPlaylistQueryKey(id), exact: true }),
  });
}
