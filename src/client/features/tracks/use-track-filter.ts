import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';
import { TIMINGS } from '../../../shared/constants';
import type { TrackPage } from '../../../shared/schemas/track-list';
import type { Track } from '../../../shared/schemas/tracks';
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

/** Every track the filter matches, with the first page's counts. */
interface FilteredJournal {
  items: Track[];
  total: number | undefined;
  all: number | undefined;
}

/**
 * The filtered journal from the server: every page is read (one after another, in the sort's
 * order) so Play all and the queue hold every match, as they do unfiltered, where the whole list
 * also comes before the first row shows. One query rather than an infinite query: the journal's
 * first route stays within its budget (issue 11). Under the tracks key, so any change that
 * refreshes the journal refreshes this too.
 */
export function useFilteredTracks(filter: TrackFilter, sort: TrackSort) {
  const enabled = isFiltered(filter);
  const params = toApiParams(filter);
  const query = useQuery<FilteredJournal>({
    queryKey: [...TRACKS_KEY, 'filtered', sort, params],
    enabled,
    // While a match is still being processed, read the filtered pages again now and then, as the
    // unfiltered journal polls its pending tracks (decision 0073).
    refetchInterval: (q) =>
      q.state.data?.items.some((t) => t.processing.state === 'pending') ? TIMINGS.processingPollMs : false,
    queryFn: async () => {
      const journal: FilteredJournal = { items: [], total: undefined, all: undefined };
      let cursor: string | null = null;
      do {
        const page: string = cursor
          ? `&limit=${TRACK_FILTER_PAGE_SIZE}&cursor=${encodeURIComponent(cursor)}`
          : '';
        const res = await apiRequest('GET', `/api/tracks?sort=${sort}&${params}${page}`);
        const body = (await res.json()) as TrackPage;
        if (cursor === null) Object.assign(journal, { total: body.total, all: body.all });
        journal.items.push(...body.items);
        cursor = body.nextCursor;
      } while (cursor);
      return journal;
    },
  });
  return {
    enabled,
    tracks: query.data?.items,
    total: query.data?.total,
    all: query.data?.all,
    isLoading: enabled && query.isLoading,
    isError: query.isError,
  };
}
