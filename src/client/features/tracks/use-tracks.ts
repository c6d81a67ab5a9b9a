import { type QueryClient, useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { TIMINGS, TRACK_SORT_STORAGE_KEY } from '../../../shared/constants';
import type { Track } from '../../../shared/schemas/tracks';
import { sortTracks, TRACK_SORTS, type TrackSort } from '../../../shared/track-order';

/**
 * The one cached list of the user's tracks. Every screen reads it, optimistic edits patch it, and
 * invalidating this key (a prefix) also refreshes single-track reads such as ['/api/tracks', id].
 */
export const TRACKS_KEY = ['/api/tracks'] as const;

/**
 * The user's own tracks in the journal's `sort` order (spec section 2). The order is derived on the
 * client from the one list, so switching the sort costs no request and edits have one copy to patch.
 */
export function useTracks(sort: TrackSort) {
  const select = useCallback((tracks: Track[]) => sortTracks(tracks, sort), [sort]);
  return useQuery<Track[], Error, Track[]>({
    queryKey: TRACKS_KEY,
    select,
    refetchInterval: (query) => pollWhilePending(query.state.data),
  });
}

/**
 * A `refetchInterval`: every few seconds while any of `tracks` is still being processed, so rows turn
 * playable (or show the failure) without a reload; off once none is (decision 0054).
 */
export function pollWhilePending(
  tracks: ReadonlyArray<{ processing?: { state: string } }> | undefined,
): number | false {
  return tracks?.some((t) => t.processing?.state === 'pending') ? TIMINGS.processingPollMs : false;
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

/** What the track list held before an optimistic change (undefined: it was not loaded). */
export type TrackListsSnapshot = Track[] | undefined;

/**
 * Applies `change` to the cached track list and returns what was there before, for rollback.
 * Cancels an in-flight read first so a late reply cannot overwrite the optimistic state.
 */
export async function patchTrackLists(
  queryClient: QueryClient,
  change: (tracks: Track[]) => Track[],
): Promise<TrackListsSnapshot> {
  await queryClient.cancelQueries({ queryKey: TRACKS_KEY, exact: true });
  const snapshot = queryClient.getQueryData<Track[]>(TRACKS_KEY);
  if (snapshot) queryClient.setQueryData(TRACKS_KEY, change(snapshot));
  return snapshot;
}

export function restoreTrackLists(queryClient: QueryClient, snapshot: TrackListsSnapshot): void {
  queryClient.setQueryData(TRACKS_KEY, snapshot);
}

/** `change` applied to the one track with `id` in a list. */
export const mapTrack =
  (id: number, change: (track: Track) => Track) =>
  (tracks: Track[]): Track[] =>
    tracks.map((t) => (t.id === id ? change(t) : t));
