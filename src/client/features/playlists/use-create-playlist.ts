import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import type { Playlist } from '../../../shared/schemas/playlists';
import { toast } from '../../components/ui/use-toast';
import { PLAYLISTS_QUERY_KEY } from '../../entities/playlist/use-playlists';
import { apiRequest, errorMessage } from '../../lib/api-client';

export interface NewPlaylist {
  name: string;
  description?: string;
}

let lastTempId = 0;
/** Negative so it can never collide with a real (serial) id while the request is in flight. */
function nextTempId(): number {
  lastTempId = Math.min(lastTempId, -Date.now()) - 1;
  return lastTempId;
}

/** The stand-in shown at once (spec section 4): user 'temp-user', private, no image. */
export function temporaryPlaylist(body: NewPlaylist): Playlist {
  const now = new Date().toISOString();
  return {
    id: nextTempId(),
    userId: 'temp-user',
    name: body.name,
    description: body.description ?? null,
    isPublic: false,
    imageUrl: null,
    createdAt: now,
    updatedAt: now,
  };
}

/**
 * Optimistic creation (spec section 4): the temporary playlist goes on top of the list at once; a
 * failure restores the previous list and says why; success refreshes the list and opens the page.
 */
export function useCreatePlaylist() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();

  return useMutation({
    mutationFn: async (body: NewPlaylist) =>
      (await (await apiRequest('POST', '/api/playlists', body)).json()) as Playlist,
    onMutate: async (body) => {
      await queryClient.cancelQueries({ queryKey: PLAYLISTS_QUERY_KEY });
      const temp = temporaryPlaylist(body);
      queryClient.setQueryData<Playlist[]>(PLAYLISTS_QUERY_KEY, (list) => [temp, ...(list ?? [])]);
      return { tempId: temp.id };
    },
    onError: (err, _body, context) => {
      // Taking out just the stand-in restores the previous list without undoing anything else.
      queryClient.setQueryData<Playlist[]>(PLAYLISTS_QUERY_KEY, (list) =>
        list?.filter((p) => p.id !== context?.tempId),
      );
      toast({
        variant: 'destructive',
        title: 'Error',
        description: errorMessage(err, 'Failed to create playlist'),
      });
    },
    onSuccess: (playlist, _body, context) => {
      // Swap the stand-in for the real row now, so the sidebar never shows both or neither.
      queryClient.setQueryData<Playlist[]>(PLAYLISTS_QUERY_KEY, (list) =>
        (list ?? []).map((p) => (p.id === context.tempId ? playlist : p)),
      );
      void queryClient.invalidateQueries({ queryKey: PLAYLISTS_QUERY_KEY });
      toast({ title: 'Success', description: 'Playlist created successfully!' });
      navigate(`/playlist/${playlist.id}`);
    },
  });
}
