import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LikedTrackIds } from '../../../shared/schemas/likes';
import { toast } from '../../components/ui/use-toast';
import { apiRequest, errorMessage } from '../../lib/api-client';

/**
 * The ids of the tracks the person likes (decision 0390): one small list beside the track lists,
 * so a heart changes this and nothing else (the journal's list keeps its cache and its ETag).
 */
export const LIKED_IDS_KEY = ['/api/user/likes/ids'] as const;
/** The Liked page's pages (liked-page.tsx). */
export const LIKED_KEY = ['/api/user/likes'] as const;

// One Set per reply, shared by every heart of every list (a lookup, not a scan, per row).
const sets = new WeakMap<LikedTrackIds, Set<number>>();
function idSet(data: LikedTrackIds): Set<number> {
  let set = sets.get(data);
  if (!set) {
    set = new Set(data.trackIds);
    sets.set(data, set);
  }
  return set;
}

/** Whether the signed-in person likes the track; false while the list loads. */
export function useIsLiked(trackId: number): boolean {
  const { data } = useQuery<LikedTrackIds, Error, boolean>({
    queryKey: LIKED_IDS_KEY,
    select: (ids) => idSet(ids).has(trackId),
  });
  return data ?? false;
}

/**
 * Likes or unlikes a track: the heart changes at once, a failure puts it back and says why, and
 * the Liked page reads its list again either way.
 */
export function useToggleLike() {
  const queryClient = useQueryClient();
  return useMutation<unknown, Error, { trackId: number; like: boolean }, { previous?: LikedTrackIds }>({
    mutationFn: async ({ trackId, like }) =>
      (await apiRequest(like ? 'PUT' : 'DELETE', `/api/tracks/${trackId}/like`)).json(),
    onMutate: async ({ trackId, like }) => {
      // A read already on its way would overwrite the optimistic state with the old one.
      await queryClient.cancelQueries({ queryKey: LIKED_IDS_KEY });
      const previous = queryClient.getQueryData<LikedTrackIds>(LIKED_IDS_KEY);
      const others = (previous?.trackIds ?? []).filter((id) => id !== trackId);
      queryClient.setQueryData<LikedTrackIds>(LIKED_IDS_KEY, {
        trackIds: like ? [trackId, ...others] : others,
      });
      return { previous };
    },
    onError: (err, { like }, context) => {
      if (context?.previous) queryClient.setQueryData(LIKED_IDS_KEY, context.previous);
      else void queryClient.invalidateQueries({ queryKey: LIKED_IDS_KEY });
      toast({
        variant: 'destructive',
        title: like ? 'Could not like the track' : 'Could not unlike the track',
        description: errorMessage(err, 'Please try again'),
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: LIKED_KEY }),
  });
}
