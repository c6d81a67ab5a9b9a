import { clear, createStore, del, entries, get, set } from 'idb-keyval';

// The index of what is downloaded, in IndexedDB, so screens know what plays offline without
// opening Cache Storage (whose entries carry no names or sizes). One store, keys by kind.

export interface DownloadedTrack {
  id: number;
  name: string;
  artist: string | null;
  duration: number | null;
  mimeType: string | null;
  /** Bytes of the stream plus the waveform, as stored. */
  size: number;
  /** Downloaded on its own ("Available offline" on the track), not only as part of playlists. */
  single: boolean;
  playlistIds: number[];
  downloadedAt: string;
  /**
   * The track's version (decision 0220) whose stream and waveform are stored. Absent when not known
   * (kept before versions were): the sync then refreshes it unless the track is still at version 1.
   */
  version?: number;
  /**
   * A newer version the sync saw but has not stored: the stored copy plays meanwhile. `error` is
   * null while that version is processing, else why storing it failed; the next sync tries again.
   */
  newerVersion?: { version: number; error: string | null };
}

export interface DownloadedPlaylist {
  id: number;
  name: string;
  trackIds: number[];
  downloadedAt: string;
}

let store: ReturnType<typeof createStore> | undefined;
// Opened on first use: importing this module must not touch IndexedDB (tests, signed-out visitors).
const db = () => {
  store ??= createStore('journal-offline', 'downloads');
  return store;
};

const trackKey = (id: number) => `track:${id}`;
const playlistKey = (id: number) => `playlist:${id}`;

export async function readIndex(): Promise<{ tracks: DownloadedTrack[]; playlists: DownloadedPlaylist[] }> {
  const all = await entries<string, DownloadedTrack | DownloadedPlaylist>(db());
  const tracks: DownloadedTrack[] = [];
  const playlists: DownloadedPlaylist[] = [];
  for (const [key, value] of all) {
    if (key.startsWith('track:')) tracks.push(value as DownloadedTrack);
    else if (key.startsWith('playlist:')) playlists.push(value as DownloadedPlaylist);
  }
  return { tracks, playlists };
}

export const getTrack = (id: number) => get<DownloadedTrack>(trackKey(id), db());
export const putTrack = (track: DownloadedTrack) => set(trackKey(track.id), track, db());
export const deleteTrack = (id: number) => del(trackKey(id), db());
export const getPlaylist = (id: number) => get<DownloadedPlaylist>(playlistKey(id), db());
export const putPlaylist = (playlist: DownloadedPlaylist) => set(playlistKey(playlist.id), playlist, db());
export const deletePlaylist = (id: number) => del(playlistKey(id), db());
export const clearIndex = () => clear(db());
