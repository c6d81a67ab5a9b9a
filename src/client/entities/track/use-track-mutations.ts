import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Track, TrackVisibility } from '../../../shared/schemas/tracks';
import { bpmAlternatives } from '../../../shared/take-tempo-key';
import { toast } from '../../components/ui/use-toast';
import { apiRequest, errorMessage } from '../../lib/api-client';
import { usePlayer } from '../../player/use-player';
import { STORAGE_KEY } from '../user/storage-usage';
import {
  mapTrack,
  patchTrackLists,
  restoreTrackLists,
  TRACKS_KEY,
  type TrackListsSnapshot,
} from './use-tracks';

/** What a PATCH may change: the edit form sends all of it, the Share… dialog only `visibility`. */
export interface TrackChanges {
  name?: string;
  notes?: string | null;
  shareToEquipmentPages?: boolean;
  visibility?: TrackVisibility;
  /** The owner's tempo and key (issue 47); null gives the measured value back. */
  bpm?: number | null;
  musicalKey?: string | null;
}

/**
 * The track as it will read once saved, as far as known here: the owner's tempo or key is shown at
 * once (marked); one given back to the measure keeps what shows until the list is read again.
 */
function optimistic(track: Track, { bpm, musicalKey, ...changes }: TrackChanges): Track {
  const next = { ...track, ...changes };
  if (typeof bpm === 'number') {
    Object.assign(next, { bpm, bpmEdited: true, bpmConfidence: null, bpmAlternatives: bpmAlternatives(bpm) });
  }
  if (typeof musicalKey === 'string')
    Object.assign(next, { musicalKey, keyEdited: true, keyConfidence: null });
  return next;
}

/**
 * Saving the Edit Track dialog (spec section 4): the cached lists change at once, a failure puts
 * them back and says why, and the lists are refetched either way.
 */
export function useUpdateTrack() {
  const queryClient = useQueryClient();
  const { refreshTrack } = usePlayer();
  return useMutation<Track, Error, { id: number; changes: TrackChanges }, TrackListsSnapshot>({
    mutationFn: async ({ id, changes }) => (await apiRequest('PATCH', `/api/tracks/${id}`, changes)).json(),
    onMutate: ({ id, changes }) =>
      patchTrackLists(
        queryClient,
        mapTrack(id, (t) => optimistic(t, changes)),
      ),
    onError: (err, _vars, snapshot) => {
      if (snapshot) restoreTrackLists(queryClient, snapshot);
      toast({
        variant: 'destructive',
        title: 'Update failed',
        description: errorMessage(err, 'Failed to update track'),
      });
    },
    onSuccess: (track) => {
      refreshTrack(track);
      toast({ title: 'Track updated' });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: TRACKS_KEY }),
  });
}

/** Deleting a track: gone from every list on success; on failure the server's reason (spec section 8). */
export function useDeleteTrack() {
  const queryClient = useQueryClient();
  const { forgetTrack } = usePlayer();
  return useMutation<unknown, Error, number>({
    mutationFn: async (id) => (await apiRequest('DELETE', `/api/tracks/${id}`)).json(),
    onSuccess: async (_data, id) => {
      forgetTrack(id);
      await patchTrackLists(queryClient, (tracks) => tracks.filter((t) => t.id !== id));
      toast({ title: 'Track deleted' });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: TRACKS_KEY }),
        queryClient.invalidateQueries({ queryKey: STORAGE_KEY }),
      ]);
    },
    onError: (err) =>
      toast({
        variant: 'destructive',
        title: 'Delete failed',
        description: errorMessage(err, 'Failed to delete track'),
      }),
  });
}

/**
 * Retry of a track whose processing failed (POST /api/tracks/{id}/process, owner only): the reply
 * is the track, pending again, so the row says "Processing…" at once and the list polls until done.
 */
export function useRetryProcessing() {
  const queryClient = useQueryClient();
  return useMutation<Track, Error, number>({
    mutationFn: async (id) => (await apiRequest('POST', `/api/tracks/${id}/process`)).json(),
    onSuccess: async (track) => {
      await patchTrackLists(
        queryClient,
        mapTrack(track.id, (t) => ({ ...t, ...track })),
      );
      await queryClient.invalidateQueries({ queryKey: TRACKS_KEY });
    },
    onError: (err) =>
      toast({
        variant: 'destructive',
        title: 'Retry failed',
        description: errorMessage(err, 'Failed to retry processing'),
      }),
  });
}
