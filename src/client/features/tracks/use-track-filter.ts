import { type InfiniteData, useInfiniteQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';
import { TIMINGS } from '../../../shared/constants';
import type { TrackPage } from '../../../shared/schemas/track-list';
import { isFiltered, TRACK_FILTER_PAGE_SIZE, type TrackFilter } from '../../../shared/track-filter';
import type { TrackSort } from '../../../shared/track-order';
import { apiRequest } from '../../lib/api-client';
import { readFilter, toApiParams, writeFilter } from './track-filter-url';
import { TRACKS_KEY } from './use-tracks';

/**
 * The journal filter, kept in the page's query string (decision 0272). Each change is a history
 * entry, so Back undoes it, except while typing the text (`replace`), which would make one per key.
 */
export function useTrackFilter() {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const filter = useMemo(() => readFilter(search), [search]);
  const setFilter = useCallback(
    (next: TrackFilter, options: { replace?: boolean } = {}) => {
      const query = writeFilter(next);
      navigate(query ? `${location}?${query}` : location, { replace: options.replace });
    },
    [location, navigate],
  );
  return [filter, setFilter] as const;
}

/**
 * The filtered journal from the server, page after page, in the sort's order: every page is read
 * (one after another) so Play all and the queue hold every match, as they do unfiltered. Under the
 * tracks key, so any change that refreshes the journal refreshes this too.
 */
export function useFilteredTracks(filter: TrackFilter, sort: TrackSort) {
  const enabled = isFiltered(filter);
  const params = toApiParams(filter);
  const query = useInfiniteQuery<
    TrackPage,
    Error,
    InfiniteData<TrackPage>,
    readonly unknown[],
    string | null
  >({
    queryKey: [...TRACKS_KEY, 'filtered', sort, params],
    enabled,
    initialPageParam: null,
    getNextPageParam: (page) => page.nextCursor,
    // While a match is still being processed, read the filtered pages again now and then, as the
    // unfiltered journal polls its pending tracks (decision 0073).
    refetchInterval: (q) =>
      q.state.data?.pages.some((page) => page.items.some((t) => t.processing.state === 'pending'))
        ? TIMINGS.processingPollMs
        : false,
    queryFn: async ({ pageParam }) => {
      const cursor = pageParam
        ? `&limit=${TRACK_FILTER_PAGE_SIZE}&cursor=${encodeURIComponent(pageParam)}`
        : '';
      const res = await apiRequest('GET', `/api/tracks?sort=${sort}&${params}${cursor}`);
      return (await res.json()) as TrackPage;
    },
  });
  const { hasNextPage, isFetchingNextPage, fetchNextPage, isError } = query;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && !isError) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, isError]);
  const first = query.data?.pages[0];
  const tracks = useMemo(() => query.data?.pages.flatMap((page) => page.items), [query.data]);
  return {
    enabled,
    tracks,
    total: first?.total,
    all: first?.all,
    isLoading: enabled && query.isLoading,
    isError: query.isError,
  };
}
