import { useQuery } from '@tanstack/react-query';
import type { Playlist } from './playlist-types';

export const PLAYLISTS_QUERY_KEY = ['/api/playlists'] as const;

export function usePlaylists() {
  return useQuery<Playlist[]>({ queryKey: PLAYLISTS_QUERY_KEY });
}
