import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  SPLIT_MIN_PART_SECONDS,
  SPLIT_MIN_TAKE_SECONDS,
  SPLIT_POINTS_MAX,
  type SplitTrackResult,
  type TrackSplitProposal,
} from '../../../shared/schemas/track-split';
import type { Track } from '../../../shared/schemas/tracks';
import { toast } from '../../components/ui/use-toast';
import { TRACKS_KEY } from '../../entities/track/use-tracks';
import { STORAGE_KEY } from '../../entities/user/storage-usage';
import { apiRequest, errorMessage } from '../../lib/api-client';

/** How far one arrow key moves a split point; PageUp/PageDown move ten times as far. */
export const SPLIT_KEY_STEP_SECONDS = 1;

/**
 * The owner's split points of a long take (issue 47): the media job's proposals until the owner
 * moves, removes or adds one; then theirs. Each stays at least SPLIT_MIN_PART_SECONDS from its
 * neighbours and the ends, so the points keep their order and every part its second.
 */
export function useTrackSplit(track: Pick<Track, 'id' | 'duration' | 'processing'>, own: boolean) {
  const queryClient = useQueryClient();
  const duration = track.duration ?? 0;
  const enabled = own && duration > SPLIT_MIN_TAKE_SECONDS && track.processing.state === 'ready';
  const { data } = useQuery<TrackSplitProposal>({
    queryKey: ['/api/tracks', String(track.id), 'split'],
    enabled,
  });
  const [edited, setEdited] = useState<number[] | null>(null);
  const points = edited ?? data?.points ?? [];
  const [created, setCreated] = useState<Track[] | null>(null);

  /** Where point `index` may go: a second clear of its neighbours (or the take's ends). */
  const clampAt = (list: number[], index: number, seconds: number) => {
    const low = (list[index - 1] ?? 0) + SPLIT_MIN_PART_SECONDS;
    const high = (list[index + 1] ?? duration) - SPLIT_MIN_PART_SECONDS;
    return Math.round(Math.min(high, Math.max(low, seconds)) * 100) / 100;
  };

  const move = (index: number, seconds: number) =>
    setEdited(points.map((p, i) => (i === index ? clampAt(points, index, seconds) : p)));
  const remove = (index: number) => setEdited(points.filter((_, i) => i !== index));
  /** A new point in the middle of the longest part (where a missed pause most likely is). */
  const add = () => {
    if (points.length >= SPLIT_POINTS_MAX) return;
    const edges = [0, ...points, duration];
    let longest = 0;
    for (let i = 1; i < edges.length - 1; i++) {
      if (edges[i + 1]! - edges[i]! > edges[longest + 1]! - edges[longest]!) longest = i;
    }
    const middle = Math.round(((edges[longest]! + edges[longest + 1]!) / 2) * 100) / 100;
    if (edges[longest + 1]! - edges[longest]! < 2 * SPLIT_MIN_PART_SECONDS) return;
    setEdited([...points, middle].sort((a, b) => a - b));
  };

  const split = useMutation({
    mutationFn: async () => {
      const res = await apiRequest('POST', `/api/tracks/${track.id}/split`, { points });
      return (await res.json()) as SplitTrackResult;
    },
    onSuccess: async ({ tracks }) => {
      setCreated(tracks);
      toast({
        title: `Split into ${tracks.length} takes`,
        description: 'The new takes are private, in your journal.',
      });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: TRACKS_KEY }),
        queryClient.invalidateQueries({ queryKey: STORAGE_KEY }),
      ]);
    },
    onError: (err) =>
      toast({
        title: 'Could not split the take',
        description: errorMessage(err, 'Please try again.'),
        variant: 'destructive',
      }),
  });

  return { enabled: enabled && data !== undefined, duration, points, move, remove, add, split, created };
}

export type TrackSplit = ReturnType<typeof useTrackSplit>;
