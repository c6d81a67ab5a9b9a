import { useInfiniteQuery } from '@tanstack/react-query';
import { SEARCH } from '../../../shared/constants';
import type { SearchGroupName, SearchPage } from '../../../shared/schemas/search';
import { apiRequest } from '../../lib/api-client';
import { SEARCH_QUERY_KEY } from './use-search';

/**
 * One group's full results, SEARCH.pageSize at a time (GET /api/search/{group}, decision 0281):
 * each page is asked from where the last one ended, until the server says there is no next.
 */
export function useSearchPage<G extends SearchGroupName>(group: G, q: string) {
  const query = useInfiniteQuery({
    queryKey: [...SEARCH_QUERY_KEY, group, q],
    enabled: q.length > 0,
    initialPageParam: 0,
    queryFn: async ({ pageParam }): Promise<SearchPage<G>> => {
      const params = new URLSearchParams({ q, offset: String(pageParam), limit: String(SEARCH.pageSize) });
      return (await apiRequest('GET', `/api/search/${group}?${params}`)).json();
    },
    getNextPageParam: (last) => last.nextOffset,
  });
  return { ...query, items: query.data?.pages.flatMap((p) => p.items) ?? [] };
}
