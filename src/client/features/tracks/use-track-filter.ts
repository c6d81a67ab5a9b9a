import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { TrackPage } from '../../../shared/schemas/track-list';
import type { Track } from '../../../shared/schemas/tracks';
import { isFiltered, TRACK_FILTER_PAGE_SIZE, type TrackFilter } from '../../../shared/track-filter';
import type { TrackSort } from '../../../shared/track-order';
import { TRACKS_KEY } from '../../entities/track/use-tracks';
import { apiRequest } from '../../lib/api-client';
import { readFilter, toApiParams, writeFilter } from './track-filter-url';

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
 * refreshes the journal refreshes this too. `journal` is the whole list, which polls its pending
 * tracks (decision 0073): the filtered pages are read again only when one of theirs has settled there.
 */
export function useFilteredTracks(
  filter: TrackFilter,
  sort: TrackSort,
  journal: readonly Track[] | undefined,
) {
  const enabled = isFiltered(filter);
  const params = toApiParams(filter);
  const queryKey = useMemo(() => [...TRACKS_KEY, 'filtered', sort, params], [sort, params]);
  const query = useQuery<FilteredJournal>({
    queryKey,
    enabled,
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
  useRereadWhenSettled(queryKey, enabled ? query.data?.items : undefined, journal);
  return {
    enabled,
    tracks: query.data?.items,
    total: query.data?.total,
    all: query.data?.all,
    isLoading: enabled && query.isLoading,
    isError: query.isError,
  };
}

/**
 * Reads the filtered pages again once a match still pending in them is no longer pending in the
 * whole list. Polling the pages themselves (every page, every few seconds) doubled the journal's
 * own polling and, on a large match, read thousands of rows to learn that one track had settled;
 * reading them again (rather than patching rows in) keeps a state filter such as "Processing" true.
 */
function useRereadWhenSettled(
  queryKey: readonly unknown[],
  matches: readonly Track[] | undefined,
  journal: readonly Track[] | undefined,
) {
  const queryClient = useQueryClient();
  const settled = useMemo(() => {
    if (!matches || !journal) return '';
    const pendingMatches = new Set(matches.filter((t) => t.processing.state === 'pending').map((t) => t.id));
    if (pendingMatches.size === 0) return '';
    return journal
      .filter((t) => pendingMatches.has(t.id) && t.processing.state !== 'pending')
      .map((t) => t.id)
      .join(',');
  }, [matches, journal]);
  useEffect(() => {
    if (settled) void queryClient.invalidateQueries({ queryKey, exact: true });
  }, [settled, queryKey, queryClient]);
}
