import { keepPreviousData, type QueryClient, useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { TRACK_SORT_STORAGE_KEY } from '../../../shared/constants';
import { TRACK_SORTS, type Track, type TrackSort } from '../../../shared/schemas/tracks';
import { apiRequest } from '../../lib/api-client';

/**
 * Every cached list of the user's tracks starts with this key: ['/api/tracks'] (the plain list other
 * screens read) and ['/api/tracks', { sort }] (the journal's sorted lists). Optimistic edits patch all
 * of them at once, and invalidating this prefix refreshes them all.
 */
export const TRACKS_KEY = ['/api/tracks'] as const;

export const tracksQueryKey = (sort: TrackSort) => [...TRACKS_KEY, { sort }] as const;

/** The user's own tracks in the server's order for `sort` (spec section 2, Journal). */
export function useTracks(sort: TrackSort) {
  return useQuery({
    queryKey: tracksQueryKey(sort),
    // Switching the sort keeps showing the old order until the new one arrives.
    placeholderData: keepPreviousData,
    queryFn: async () => (await apiRequest('GET', `/api/tracks?sort=${sort}`)).json() as Promise<Track[]>,
  });
}

function readSort(): TrackSort {
  try {
    const stored = localStorage.getItem(TRACK_SORT_STORAGE_KEY);
    return (TRACK_SORTS as readonly string[]).includes(stored ?? '') ? (stored as TrackSort) : 'dateUploaded';
  } catch {
    return 'dateUploaded';
  }
}

/** The journal's sort choice, kept in localStorage under 'trackSortBy' (spec section 4). */
export function useTrackSort(): [TrackSort, (sort: TrackSort) => void] {
  const [sort, setSortState] = useState<TrackSort>(readSort);
  const setSort = useCallback((next: TrackSort) => {
    setSortState(next);
    try {
      localStorage.setItem(TRACK_SORT_STORAGE_KEY, next);
    } catch {
      // Private mode or a full quota: the choice still holds for this visit.
    }
  }, []);
  return [sort, setSort];
}

/** ['/api/tracks'] or ['/api/tracks', { sort }], not e.g. ['/api/tracks', id, 'equipment']. */
const trackListFilter = {
  queryKey: TRACKS_KEY,
  predicate: ({ queryKey }: { queryKey: readonly unknown[] }) =>
    queryKey.length === 1 ||
    (queryKey.length === 2 && typeof queryKey[1] === 'object' && queryKey[1] !== null),
};

export type TrackListsSnapshot = Array<[readonly unknown[], unknown]>;

/**
 * Applies `change` to every cached track list and returns what was there before, for rollback.
 * Cancels their in-flight reads first so a late reply cannot overwrite the optimistic state.
 */
export async function patchTrackLists(
  queryClient: QueryClient,
  change: (tracks: Track[]) => Track[],
): Promise<TrackListsSnapshot> {
  await queryClient.cancelQueries(trackListFilter);
  const snapshot = queryClient.getQueriesData<unknown>(trackListFilter);
  for (const [key, data] of snapshot) {
    if (Array.isArray(data)) queryClient.setQueryData(key, change(data as Track[]));
  }
  return snapshot;
}

export function restoreTrackLists(queryClient: QueryClient, snapshot: TrackListsSnapshot): void {
  for (const [key, data] of snapshot) queryClient.setQueryData(key, data);
}

/** `change` applied to the one track with `id` in a list. */
export const mapTrack =
  (id: number, change: (track: Track) => Track) =>
  (tracks: Track[]): Track[] =>
    tracks.map((t) => (t.id === id ? change(t) : t));
