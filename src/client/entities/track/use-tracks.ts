import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { TIMINGS, TRACK_SORT_STORAGE_KEY } from '../../../shared/constants';
import type { Track } from '../../../shared/schemas/tracks';
import type { SharedTrack } from '../../../shared/schemas/users';
import { sortTracks, TRACK_SORTS, type TrackSort } from '../../../shared/track-order';
import { apiRequest } from '../../lib/api-client';
import { readJournal } from './journal-pages';

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
  const query = useQuery<Track[], Error, Track[]>({ queryKey: TRACKS_KEY, queryFn: readJournal, select });
  usePendingTracksPoll(query.data);
  return query;
}

/** More pending tracks than this (a batch upload): one read of the list beats a read per track. */
export const POLL_EACH_UP_TO = 10;

/**
 * While tracks of the journal are being processed, reads only those every few seconds
 * (GET /api/tracks/{id}) and patches them into the cached list, so rows turn playable (or show the
 * failure) without reading the whole journal again; stops once none is pending (decision 0073).
 * Above POLL_EACH_UP_TO pending, or when one cannot be read (deleted meanwhile), the list is read.
 */
export function usePendingTracksPoll(tracks: readonly Track[] | undefined) {
  const queryClient = useQueryClient();
  const pendingKey = useMemo(
    () =>
      (tracks ?? [])
        .filter((t) => t.processing?.state === 'pending')
        .map((t) => t.id)
        .sort((a, b) => a - b)
        .join(','),
    [tracks],
  );
  useEffect(() => {
    if (!pendingKey) return;
    const ids = pendingKey.split(',').map(Number);
    const readList = () => queryClient.invalidateQueries({ queryKey: TRACKS_KEY, exact: true });
    let stopped = false;
    let reading = false;
    const tick = async () => {
      if (reading) return;
      if (ids.length > POLL_EACH_UP_TO) return void readList();
      reading = true;
      try {
        const replies = await Promise.all(
          ids.map((id) =>
            apiRequest('GET', `/api/tracks/${id}`)
              .then((res) => res.json() as Promise<SharedTrack>)
              .then((reply) => reply.track)
              .catch(() => null),
          ),
        );
        // An edit in flight owns the cache until it settles (and reads the list itself).
        if (stopped || queryClient.isMutating() > 0) return;
        if (replies.some((t) => t === null)) return void readList();
        const fresh = new Map(replies.map((t) => [(t as Track).id, t as Track]));
        queryClient.setQueryData<Track[]>(TRACKS_KEY, (list) => list?.map((t) => fresh.get(t.id) ?? t));
      } finally {
        reading = false;
      }
    };
    const timer = setInterval(() => void tick(), TIMINGS.processingPollMs);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [pendingKey, queryClient]);
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
