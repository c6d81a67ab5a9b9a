import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TrackComment, TrackCommentThread } from '../../../shared/schemas/track-comments';
import { toast } from '../../components/ui/use-toast';
import { apiRequest } from '../../lib/api-client';

/** Under '/api/collectives', so a resync (refetchCollectives) reads them again too. */
export const trackCommentsKey = (collectiveId: number, trackId: number) =>
  ['/api/collectives', collectiveId, 'tracks', trackId, 'comments'] as const;

const url = (collectiveId: number, trackId: number) =>
  `/api/collectives/${collectiveId}/tracks/${trackId}/comments`;

export function useTrackComments(collectiveId: number | null, trackId: number | null) {
  return useQuery<TrackCommentThread[]>({
    queryKey: trackCommentsKey(collectiveId ?? 0, trackId ?? 0),
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
  const refresh = () => queryClient.invalidateQueries({ queryKey: trackCommentsKey(collectiveId, trackId) });
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
      mutationFn: async ({ id, resolved }: { id: number; resolved: boolean }) =>
        json(await apiRequest('POST', `${base}/${id}/resolve`, { resolved })),
      onSuccess: refresh,
      onError: fail('Failed to resolve comment'),
    }),
  };
}
