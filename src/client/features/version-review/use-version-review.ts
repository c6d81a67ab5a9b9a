import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  SetVersionStatusBody,
  TrackReviewSummaries,
  TrackReviewSummary,
  VersionStatuses,
} from '../../../shared/schemas/version-review';
import { toast } from '../../components/ui/use-toast';
import { apiRequest } from '../../lib/api-client';

/** The rows' summaries (decision 0653): the journal's, and a collective's (under its key, so a resync reads it). */
export const journalReviewKey = ['/api/tracks/review'] as const;
export const collectiveReviewKey = (collectiveId: number) =>
  ['/api/collectives', collectiveId, 'review'] as const;
export const versionStatusKey = (trackId: number, version: number) =>
  ['/api/tracks', trackId, 'versions', version, 'status'] as const;

/** Summaries by track id; a track absent is In progress with nothing open. */
export function useReviewSummaries(collectiveId: number | null, enabled = true) {
  const query = useQuery<TrackReviewSummaries>({
    queryKey: collectiveId === null ? journalReviewKey : collectiveReviewKey(collectiveId),
    enabled,
  });
  const byTrack = new Map<number, TrackReviewSummary>();
  for (const s of query.data?.items ?? []) byTrack.set(s.trackId, s);
  return byTrack;
}

export function useVersionStatuses(trackId: number, version: number) {
  return useQuery<VersionStatuses>({ queryKey: versionStatusKey(trackId, version) });
}

/** Everything a status or a resolve changes on screen: the summaries and the feeds. */
export function useRefreshReview() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: journalReviewKey });
    void queryClient.invalidateQueries({
      predicate: (q) =>
        q.queryKey[0] === '/api/collectives' && (q.queryKey[2] === 'review' || q.queryKey[2] === 'activity'),
    });
  };
}

export function useSetVersionStatus(trackId: number, version: number) {
  const queryClient = useQueryClient();
  const refresh = useRefreshReview();
  return useMutation({
    mutationFn: async (body: SetVersionStatusBody) =>
      (await (
        await apiRequest('PUT', `/api/tracks/${trackId}/versions/${version}/status`, body)
      ).json()) as VersionStatuses,
    onSuccess: (data) => {
      queryClient.setQueryData(versionStatusKey(trackId, version), data);
      refresh();
    },
    onError: (err: Error) =>
      toast({
        variant: 'destructive',
        title: 'Could not change the status',
        description: err.message.replace(/^\d+: /, '').slice(0, 200),
      }),
  });
}
