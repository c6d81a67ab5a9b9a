import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { countOf } from '../../../shared/format';
import type { Playlist, PlaylistTrack } from '../../../shared/schemas/playlists';
import { BULK_TRACKS_MAX, type BulkTrackBody } from '../../../shared/schemas/track-bulk';
import type { Track } from '../../../shared/schemas/tracks';
import { toast } from '../../components/ui/use-toast';
import {
  renumber,
  restore,
  snapshot,
  updatePlaylistFields,
  updateTracks,
} from '../../entities/playlist/playlist-cache';
import { playlistQueryKey } from '../../entities/playlist/use-playlists';
import { apiRequest } from '../../lib/api-client';

// Spec section 4: adding, removing and editing are optimistic and restore the previous state on
// failure; a reorder shows at once and, when the server refuses it, the playlist is refetched.

const failed = (description: string) => toast({ variant: 'destructive', title: 'Error', description });
const succeeded = (description: string) => toast({ title: 'Success', description });

export interface PlaylistDetailsBody {
  name: string;
  description: string | null;
}

export function useUpdatePlaylist(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: PlaylistDetailsBody) =>
      (await (await apiRequest('PATCH', `/api/playlists/${id}`, body)).json()) as Playlist,
    onMutate: async (body) => {
      const saved = await snapshot(queryClient, id);
      updatePlaylistFields(queryClient, id, body);
      return saved;
    },
    onError: (_err, _body, saved) => {
      restore(queryClient, id, saved);
      failed('Failed to update playlist');
    },
    onSuccess: (playlist) => {
      updatePlaylistFields(queryClient, id, playlist);
      succeeded('Playlist updated successfully');
    },
  });
}

/**
 * POST /api/tracks/bulk with `addToPlaylist` (decision 0305): one transaction for the whole choice,
 * all or nothing. The server appends the tracks in the order sent (the dialog's, the journal's) after
 * what the playlist holds and skips any already in it, as adding them one by one did. More than the
 * server's cap go in consecutive requests of at most BULK_TRACKS_MAX.
 */
export function useAddTracks(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (tracks: Track[]) => {
      const ids = tracks.map((track) => track.id);
      for (let start = 0; start < ids.length; start += BULK_TRACKS_MAX) {
        const body: BulkTrackBody = {
          ids: ids.slice(start, start + BULK_TRACKS_MAX),
          action: 'addToPlaylist',
          playlistId: id,
        };
        await apiRequest('POST', '/api/tracks/bulk', body);
      }
    },
    onMutate: async (tracks) => {
      const saved = await snapshot(queryClient, id);
      const addedAt = new Date().toISOString();
      updateTracks(queryClient, id, (current) =>
        renumber([...current, ...tracks.map((track) => ({ ...track, position: 0, addedAt }))]),
      );
      return saved;
    },
    onError: (_err, _tracks, saved) => {
      restore(queryClient, id, saved);
      failed('Failed to add tracks to playlist');
    },
    onSuccess: () => succeeded('Tracks added to playlist'),
    // Either way the server has the truth (a track may have left the journal meanwhile).
    onSettled: () => queryClient.invalidateQueries({ queryKey: playlistQueryKey(id), exact: true }),
  });
}

export function useRemoveTrack(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (trackId: number) => apiRequest('DELETE', `/api/playlists/${id}/tracks/${trackId}`),
    onMutate: async (trackId) => {
      const saved = await snapshot(queryClient, id);
      updateTracks(queryClient, id, (tracks) => tracks.filter((t) => t.id !== trackId));
      return saved;
    },
    onError: (_err, _trackId, saved) => {
      restore(queryClient, id, saved);
      failed('Failed to remove track from playlist');
    },
    onSuccess: () => succeeded('Track removed from playlist'),
  });
}

/**
 * Removes the ticked rows (issue 43): no bulk route removes from a playlist, so one DELETE per track,
 * in parallel, shown at once and said in one toast. If any fails, the server's playlist is read
 * again (some may have gone) and the failure is said once.
 */
export function useRemoveTracks(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (trackIds: number[]) => {
      const results = await Promise.allSettled(
        trackIds.map((trackId) => apiRequest('DELETE', `/api/playlists/${id}/tracks/${trackId}`)),
      );
      const rejected = results.find((result) => result.status === 'rejected');
      if (rejected) throw rejected.reason;
    },
    onMutate: async (trackIds) => {
      const saved = await snapshot(queryClient, id);
      const gone = new Set(trackIds);
      updateTracks(queryClient, id, (tracks) => renumber(tracks.filter((t) => !gone.has(t.id))));
      return saved;
    },
    onError: (_err, trackIds, saved) => {
      restore(queryClient, id, saved);
      void queryClient.invalidateQueries({ queryKey: playlistQueryKey(id), exact: true });
      failed(`Failed to remove ${countOf(trackIds.length, 'track')} from the playlist`);
    },
    onSuccess: (_result, trackIds) =>
      succeeded(`${countOf(trackIds.length, 'track')} removed from the playlist`),
  });
}

/**
 * Returns `reorder(ordered)`: the cache shows the new order in the same render as the drop (an
 * async onMutate would let the row jump back for a frame), then the server gets every position.
 */
export function useReorderTracks(id: number) {
  const queryClient = useQueryClient();
  const { mutate } = useMutation({
    mutationFn: (ordered: PlaylistTrack[]) =>
      apiRequest(
        'PUT',
        `/api/playlists/${id}/reorder`,
        ordered.map((track, position) => ({ trackId: track.id, position })),
      ),
    onError: () => {
      void queryClient.invalidateQueries({ queryKey: playlistQueryKey(id), exact: true });
      failed('Failed to reorder tracks');
    },
  });
  return useCallback(
    (ordered: PlaylistTrack[]) => {
      void queryClient.cancelQueries({ queryKey: playlistQueryKey(id), exact: true });
      updateTracks(queryClient, id, () => renumber(ordered));
      mutate(ordered);
    },
    [queryClient, id, mutate],
  );
}

export function useUploadPlaylistCover(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) => {
      const form = new FormData();
      form.append('image', file);
      return (await (await apiRequest('POST', `/api/playlists/${id}/image`, form)).json()) as Playlist;
    },
    onSuccess: (playlist) => {
      updatePlaylistFields(queryClient, id, playlist);
      succeeded('Playlist cover updated successfully');
    },
    onError: () => failed('Failed to upload playlist cover'),
  });
}
