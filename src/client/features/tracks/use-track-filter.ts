import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { TrackPage } from '../../../shared/schemas/track-list';
import type { Track } from '../../../shared/schemas/tracks';
import {
  isFiltered,
  JOURNAL_PAGE_SIZE,
  TRACK_FILTER_PAGE_SIZE,
  type TrackFilter,
} from '../../../shared/track-filter';
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
  /** `total` is a lower bound: the server counts up to TRACK_COUNT_CAP matches (issue 48). */
  totalCapped: boolean;
}

/**
 * The filtered journal from the server: every page is read (one after another, in the sort's
 * order) so Play all and the queue hold every match, as they do unfiltered; the first page shows
 * as soon as it arrives. One query rather than an infinite query: the journal's
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
    queryFn: async ({ client, signal }) => {
      const journal: FilteredJournal = { items: [], total: undefined, all: undefined, totalCapped: false };
      // A first read shows its first page at once and then the matches each time they have
      // doubled (as the whole journal does, decision 0874); a read again swaps them in at its end.
      const showAsItComes = client.getQueryData(queryKey) === undefined;
      let shown = 0;
      let cursor: string | null = null;
      do {
        // The first page small and quick; the rest in the server's largest pages.
        const page: string = cursor
          ? `&limit=${JOURNAL_PAGE_SIZE}&cursor=${encodeURIComponent(cursor)}`
          : `&limit=${TRACK_FILTER_PAGE_SIZE}`;
        const res = await apiRequest('GET', `/api/tracks?sort=${sort}&${params}${page}`);
        const body = (await res.json()) as TrackPage;
        if (cursor === null) {
          Object.assign(journal, {
            total: body.total,
            all: body.all,
            totalCapped: body.totalCapped === true,
          });
        }
        journal.items.push(...body.items);
        cursor = body.nextCursor;
        if (cursor && showAsItComes && !signal.aborted && journal.items.length >= shown * 2) {
          client.setQueryData<FilteredJournal>(queryKey, { ...journal, items: [...journal.items] });
          shown = journal.items.length;
        }
      } while (cursor && !signal.aborted);
      // Every page read: past the server's cap the matches in hand are the count.
      if (journal.totalCapped && journal.total !== undefined && journal.items.length > journal.total) {
        Object.assign(journal, { total: journal.items.length, totalCapped: false });
      }
      return journal;
    },
  });
  useRereadWhenSettled(queryKey, enabled ? query.data?.items : undefined, journal);
  return {
    enabled,
    tracks: query.data?.items,
    total: query.data?.total,
    all: query.data?.all,
    totalCapped: query.data?.totalCapped ?? false,
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
