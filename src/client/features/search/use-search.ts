import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { SEARCH } from '../../../shared/constants';
import type { SearchResults } from '../../../shared/schemas/search';
import { useDebouncedValue } from '../../entities/equipment/use-equipment';
import { apiRequest } from '../../lib/api-client';

export const SEARCH_QUERY_KEY = ['/api/search'] as const;

/**
 * GET /api/search for what is typed, once typing settles (SEARCH.debounceMs). The previous answer
 * stays on screen while the next is on its way, so the list does not flash empty between keys.
 */
export function useSearch(text: string) {
  const q = useDebouncedValue(text.trim().slice(0, SEARCH.maxQueryLength), SEARCH.debounceMs);
  const enabled = q.length > 0;
  const query = useQuery({
    queryKey: [...SEARCH_QUERY_KEY, q],
    enabled,
    placeholderData: keepPreviousData,
    queryFn: async (): Promise<SearchResults> =>
      (await apiRequest('GET', `/api/search?q=${encodeURIComponent(q)}`)).json(),
  });
  return {
    q,
    results: enabled ? query.data : undefined,
    /** True until the reply for what is typed now has arrived. */
    searching: text.trim() !== q || (enabled && query.isFetching),
    failed: enabled && query.isError,
  };
}
