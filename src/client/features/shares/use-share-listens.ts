import { useQuery } from '@tanstack/react-query';
import type { ListenHeat, ShareListens } from '../../../shared/schemas/share-listens';
import { apiRequest } from '../../lib/api-client';
import { SHARES_KEY } from './use-share-links';

/** While the dialog is open its figures follow the listening (decision 0729). */
const REFRESH_MS = 15_000;

/** GET /api/shares/{id}/listens: who heard how far through one link. Under SHARES_KEY: a revoke refreshes it. */
export function useShareListens(linkId: number) {
  return useQuery<ShareListens>({
    queryKey: [...SHARES_KEY, 'listens', linkId],
    queryFn: async () => (await apiRequest('GET', `/api/shares/${linkId}/listens`)).json(),
    refetchOnMount: 'always',
    refetchInterval: REFRESH_MS,
  });
}

/** GET /api/tracks/{id}/listen-heat: the owner's track heard through all its links. */
export function useListenHeat(trackId: number) {
  return useQuery<ListenHeat>({
    queryKey: [...SHARES_KEY, 'heat', trackId],
    queryFn: async () => (await apiRequest('GET', `/api/tracks/${trackId}/listen-heat`)).json(),
  });
}
