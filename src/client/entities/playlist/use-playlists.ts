import { useQuery } from '@tanstack/react-query';
import type { Playlist, PlaylistDetail } from '../../../shared/schemas/playlists';
import type { Track } from '../../../shared/schemas/tracks';
import { readJournal } from '../track/journal-pages';
import { pollWhilePending, TRACKS_KEY } from '../track/use-tracks';

// Query keys are URL segments: the default query function joins them with '/' (spec section 7).

export const PLAYLISTS_QUERY_KEY = ['/api/playlists'] as const;

export const playlistQueryKey = (id: number) => ['/api/playlists', id] as const;

/** The signed-in user's own playlists, newest first (the journal sidebar). */
export function usePlaylists() {
  return useQuery<Playlist[]>({ queryKey: PLAYLISTS_QUERY_KEY });
}

/**
 * One playlist with its tracks in position order; a stranger's or a missing one is a 404. Read again
 * each time the page opens (showing the cached copy meanwhile): its tracks are edited, tagged and
 * deleted on other screens, which do not know which playlists hold them. Polled while one of its
 * tracks is still being processed, so its play button turns on by itself.
 */
export function usePlaylist(id: number | null) {
  return useQuery<PlaylistDetail>({
    queryKey: playlistQueryKey(id ?? 0),
    enabled: id !== null,
    refetchOnMount: 'always',
    refetchInterval: (query) => pollWhilePending(query.state.data?.tracks),
  });
}

/**
 * The user's tracks, which the Add Tracks dialog offers. Read again on every mount: tracks uploaded
 * since the last look must be offered even though reads are otherwise never stale.
 */
export function useOwnTracks() {
  return useQuery<Track[]>({ queryKey: TRACKS_KEY, queryFn: readJournal, refetchOnMount: 'always' });
}

/** Playlist ids in routes are numeric; anything else is treated as not found. */
export function parsePlaylistId(raw: string | undefined): number | null {
  if (!raw || !/^\d+$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
