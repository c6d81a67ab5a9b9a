import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { ReceivedTrack } from '../../../shared/schemas/share-uploads';
import type { Track } from '../../../shared/schemas/tracks';
import { apiRequest } from '../../lib/api-client';

/**
 * The journal's tracks that guests sent through upload links (issue 45, decision 0734): one request
 * beside the list, read again when a newer track joins it (a guest's file may be that track).
 */
export function useReceivedTracks(tracks: Track[]): Map<number, ReceivedTrack> {
  const newest = useMemo(() => tracks.reduce((max, t) => Math.max(max, t.id), 0), [tracks]);
  const query = useQuery<ReceivedTrack[]>({
    queryKey: ['/api/shares/received', newest],
    queryFn: async () => (await (await apiRequest('GET', '/api/shares/received')).json()) as ReceivedTrack[],
    enabled: newest > 0,
    placeholderData: keepPreviousData,
  });
  return useMemo(() => new Map((query.data ?? []).map((r) => [r.trackId, r])), [query.data]);
}
