import type { QueryClient } from '@tanstack/react-query';
import type { Playlist, PlaylistDetail, PlaylistTrack } from '../../../shared/schemas/playlists';
import { PLAYLISTS_QUERY_KEY, playlistQueryKey } from './use-playlists';

// Cache edits shared by the playlist mutations: the page reads the detail, the sidebar the list,
// and both must show a rename or a new cover without waiting for a refetch.

export interface DetailSnapshot {
  detail: PlaylistDetail | undefined;
  list: Playlist[] | undefined;
}

/** Stops in-flight reads (their stale answer would undo an optimistic edit) and keeps the current data. */
export async function snapshot(queryClient: QueryClient, id: number): Promise<DetailSnapshot> {
  await Promise.all([
    queryClient.cancelQueries({ queryKey: playlistQueryKey(id), exact: true }),
    queryClient.cancelQueries({ queryKey: PLAYLISTS_QUERY_KEY, exact: true }),
  ]);
  return {
    detail: queryClient.getQueryData<PlaylistDetail>(playlistQueryKey(id)),
    list: queryClient.getQueryData<Playlist[]>(PLAYLISTS_QUERY_KEY),
  };
}

/** Puts both back as they were (setQueryData ignores undefined, so only what existed returns). */
export function restore(queryClient: QueryClient, id: number, saved: DetailSnapshot | undefined): void {
  if (saved?.detail) queryClient.setQueryData(playlistQueryKey(id), saved.detail);
  if (saved?.list) queryClient.setQueryData(PLAYLISTS_QUERY_KEY, saved.list);
}

export function updateTracks(
  queryClient: QueryClient,
  id: number,
  change: (tracks: PlaylistTrack[]) => PlaylistTrack[],
): void {
  queryClient.setQueryData<PlaylistDetail>(playlistQueryKey(id), (detail) =>
    detail ? { ...detail, tracks: change(detail.tracks) } : detail,
  );
}

/** Applies playlist fields (a rename, a new cover) to the detail and to its row in the list. */
export function updatePlaylistFields(queryClient: QueryClient, id: number, fields: Partial<Playlist>): void {
  queryClient.setQueryData<PlaylistDetail>(playlistQueryKey(id), (detail) =>
    detail ? { ...detail, ...fields, id, tracks: detail.tracks } : detail,
  );
  queryClient.setQueryData<Playlist[]>(PLAYLISTS_QUERY_KEY, (list) =>
    list?.map((p) => (p.id === id ? { ...p, ...fields, id } : p)),
  );
}

/** Positions follow the order shown, from 0 (PUT /api/playlists/{id}/reorder takes any distinct set). */
export function renumber(tracks: PlaylistTrack[]): PlaylistTrack[] {
  return tracks.map((track, position) => (track.position === position ? track : { ...track, position }));
}
