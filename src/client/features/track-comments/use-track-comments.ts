import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TrackComment, TrackCommentThread } from '../../../shared/schemas/track-comments';
import { toast } from '../../components/ui/use-toast';
import { apiRequest } from '../../lib/api-client';

/** Under '/api/collectives', so a resync (refetchCollectives) reads them again too. */
export const trackCommentsKey = (collectiveId: number, trackId: number) =>
  ['/api/collectives', collectiveId, 'tracks', trackId, 'comments'] as const;

const url = (collectiveId: number, trackId: number) =>
  `/api/collectives/${collectiveId}/tracks/${trackId}/comments`;

/**
 * Every version's threads (`?version=all`): the feedback panel shows the track's whole history, an
 * earlier version's threads marked with their version (decision 0223).
 */
export function useTrackComments(collectiveId: number | null, trackId: number | null) {
  return useQuery<TrackCommentThread[]>({
    queryKey: trackCommentsKey(collectiveId ?? 0, trackId ?? 0),
    queryFn: async () =>
      (await (
        await apiRequest('GET', `${url(collectiveId ?? 0, trackId ?? 0)}?version=all`)
      ).json()) as TrackCommentThread[],
    enabled: collectiveId !== null && trackId !== null,
  });
}

export type NewComment = {
  content: string;
  atSeconds?: number;
  endSeconds?: number | null;
  parentId?: number;
};

/** Post, edit, delete and resolve; each reads the list again (the live event does so for others). */
export function useTrackCommentMutations(collectiveId: number, trackId: number) {
  const queryClient = useQueryClient();
  const refresh = () => {
    // The rows' open counts (issue 44) are served apart from the lists: read again too.
    void queryClient.invalidateQueries({ queryKey: ['/api/tracks/review'] });
    void queryClient.invalidateQueries({ queryKey: ['/api/collectives', collectiveId, 'review'] });
    return queryClient.invalidateQueries({ queryKey: trackCommentsKey(collectiveId, trackId) });
  };
  const fail = (title: string) => (err: Error) =>
    toast({ variant: 'destructive', title, description: err.message.replace(/^\d+: /, '').slice(0, 200) });
  const json = async (res: Response) => (await res.json()) as TrackComment;
  const base = url(collectiveId, trackId);
  return {
    add: useMutation({
      mutationFn: async (body: NewComment) => json(await apiRequest('POST', base, body)),
      onSuccess: refresh,
      onError: fail('Failed to add comment'),
    }),
    edit: useMutation({
      mutationFn: async ({ id, content }: { id: number; content: string }) =>
        json(await apiRequest('PATCH', `${base}/${id}`, { content })),
      onSuccess: refresh,
      onError: fail('Failed to edit comment'),
    }),
    remove: useMutation({
      mutationFn: async (id: number) => apiRequest('DELETE', `${base}/${id}`),
      onSuccess: refresh,
      onError: fail('Failed to delete comment'),
    }),
    resolve: useMutation({
      // A note ("fixed in v3: lowered the hats") goes with resolving only (issue 44).
      mutationFn: async ({ id, resolved, note }: { id: number; resolved: boolean; note?: string }) =>
        json(
          await apiRequest(
            'POST',
            `${base}/${id}/resolve`,
            resolved && note ? { resolved, note } : { resolved },
          ),
        ),
      onSuccess: refresh,
      onError: fail('Failed to resolve comment'),
    }),
  };
}

/** One version's threads in one collective (`?version=`), under the comments' key so they refresh together. */
export function useVersionThreads(collectiveId: number, trackId: number, version: number) {
  return useQuery<TrackCommentThread[]>({
    queryKey: [...trackCommentsKey(collectiveId, trackId), { version }],
    queryFn: async () =>
      (await (
        await apiRequest(
          'GET',
          `/api/collectives/${collectiveId}/tracks/${trackId}/comments?version=${version}`,
        )
      ).json()) as TrackCommentThread[],
    retry: false,
  });
}

/** The markers download of a version's open threads in a collective (decision 0654). */
export const markersUrl = (collectiveId: number, trackId: number, version: number, format: string) =>
  `/api/collectives/${collectiveId}/tracks/${trackId}/comments/markers?version=${version}&format=${format}`;
