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
