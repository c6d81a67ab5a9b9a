import { QueryClient } from '@tanstack/react-query';
import { TIMINGS } from '../../shared/constants';
import { getQueryFn } from './api-client';

/**
 * Spec section 9: reads are never stale, never polled or refetched on focus, and nothing retries;
 * screens refresh by invalidating after their own mutations. A factory so tests get a fresh cache.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        staleTime: Number.POSITIVE_INFINITY,
        refetchInterval: false,
        refetchOnWindowFocus: false,
        retry: false,
        gcTime: TIMINGS.queryGcTimeMs,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();

/**
 * Reads `queryKey` (a prefix) again after a change the server has just made. A first read still
 * under way began before the change and answers without it, and TanStack Query hands that read to
 * a refetch instead of starting anew (it cancels only a read that already has data): a file
 * dropped while the journal was loading stayed out of the list until the next change. So a read in
 * flight is cancelled first, then every active one starts afresh.
 */
export async function rereadAfterChange(client: QueryClient, queryKey: readonly unknown[]): Promise<void> {
  await client.cancelQueries({ queryKey });
  await client.invalidateQueries({ queryKey });
}
