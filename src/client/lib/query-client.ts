import { type InvalidateOptions, type InvalidateQueryFilters, QueryClient } from '@tanstack/react-query';
import { TIMINGS } from '../../shared/constants';
import { getQueryFn } from './api-client';

/**
 * Invalidating after a change reads again even a query whose first read is still under way. That
 * read began before the change and answers without it, and TanStack Query hands it to the refetch
 * instead of starting anew (it restarts only a read that already has data): a file dropped while the
 * journal was loading stayed out of the list, and a report an admin hid while the Resolved tab was
 * opening stayed out of that tab, until the next change. Such a read is cancelled first (silently:
 * whoever awaits it gets the new read), then TanStack refetches every active query as usual.
 */
export class RereadingQueryClient extends QueryClient {
  override invalidateQueries(filters?: InvalidateQueryFilters, options?: InvalidateOptions): Promise<void> {
    const refetchType = filters?.refetchType ?? 'active';
    for (const query of this.getQueryCache().findAll(filters)) {
      if (query.state.fetchStatus !== 'fetching' || query.state.data !== undefined) continue;
      // A screen waiting on the read is only left without one if TanStack then reads again for it;
      // a read nobody watches (a prefetch) is dropped, and the screen that comes for it reads anew.
      const restarted = refetchType === 'all' || (refetchType === 'active' && query.isActive());
      if (restarted || !query.isActive()) void query.cancel({ silent: true, revert: true });
    }
    return super.invalidateQueries(filters, options);
  }
}

/**
 * Spec section 9: reads are never stale, never polled or refetched on focus, and nothing retries;
 * screens refresh by invalidating after their own mutations. A factory so tests get a fresh cache.
 */
export function createQueryClient(): QueryClient {
  return new RereadingQueryClient({
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
