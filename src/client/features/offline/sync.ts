import { putPlaylist, readIndex } from './download-index';
import {
  downloadTracks,
  dropFromPlaylist,
  playlistJobKey,
  refreshOfflineSnapshot,
  removePlaylist,
  removeTrack,
  type TrackToDownload,
} from './download-manager';
import { type CurrentTrack, refreshDownload } from './refresh-download';

// Issue 25: "A download whose track is deleted or made inaccessible is removed at the next sync."
// Downloaded playlists follow their playlist: renamed, tracks taken out dropped, tracks added fetched.
// Run when the app starts online and on every `online` event. Only a definite answer removes
// anything: 404 (gone, or a stranger's: the API hides those as 404) and 403; a network error, a 401
// (signed out elsewhere) or a 5xx leaves the downloads as they are until the next sync.
// A track still there whose owner uploaded a new version is downloaded again (refresh-download.ts).

const GONE = new Set([403, 404]);

/** `status` of GET `url`, or null when the network failed. */
async function statusOf(url: string): Promise<{ status: number; body: unknown } | null> {
  try {
    const res = await fetch(url, { credentials: 'include' });
    const body = res.ok ? await res.json().catch(() => null) : null;
    return { status: res.status, body };
  } catch {
    return null;
  }
}

export interface SyncResult {
  removedTracks: number[];
  removedPlaylists: number[];
  /** Downloads replaced by their track's new version. */
  refreshedTracks: number[];
}

let running: Promise<SyncResult> | null = null;

/** One sync at a time: an `online` event during the start-up sync joins it. */
export function syncDownloads(): Promise<SyncResult> {
  running ??= runSync().finally(() => {
    running = null;
  });
  return running;
}

async function runSync(): Promise<SyncResult> {
  const result: SyncResult = { removedTracks: [], removedPlaylists: [], refreshedTracks: [] };
  const { playlists } = await readIndex();
  for (const playlist of playlists) {
    const reply = await statusOf(`/api/playlists/${playlist.id}`);
    if (!reply) return result;
    if (GONE.has(reply.status)) {
      await removePlaylist(playlist.id);
      result.removedPlaylists.push(playlist.id);
      continue;
    }
    const detail = reply.body as { name?: string; tracks?: TrackToDownload[] } | null;
    if (!detail?.tracks) continue;
    const tracks = detail.tracks;
    await putPlaylist({ ...playlist, name: detail.name ?? playlist.name, trackIds: tracks.map((t) => t.id) });
    // Tracks taken out of the playlist meanwhile stop being kept for it; tracks added are fetched,
    // as "Available offline" on a playlist promises its tracks, not those of the day it was pressed.
    const still = new Set(tracks.map((t) => t.id));
    const { tracks: downloaded } = await readIndex();
    for (const track of downloaded) {
      if (track.playlistIds.includes(playlist.id) && !still.has(track.id)) {
        await dropFromPlaylist(track, playlist.id);
      }
    }
    const kept = new Set(downloaded.filter((t) => t.playlistIds.includes(playlist.id)).map((t) => t.id));
    const added = tracks.filter((t) => !kept.has(t.id) && t.playable !== false);
    if (added.length > 0) {
      await downloadTracks(playlistJobKey(playlist.id), added, { playlistId: playlist.id }).catch(() => {
        // Marked failed on the playlist's button, which offers the retry.
      });
    }
  }
  const { tracks } = await readIndex();
  for (const track of tracks) {
    const reply = await statusOf(`/api/tracks/${track.id}`);
    if (!reply) return result;
    if (GONE.has(reply.status)) {
      await removeTrack(track.id);
      result.removedTracks.push(track.id);
      continue;
    }
    const current = (reply.body as { track?: CurrentTrack } | null)?.track;
    if (current && (await refreshDownload(track, current))) {
      result.refreshedTracks.push(track.id);
      await refreshOfflineSnapshot(); // the Downloaded page reads the new size now
    }
  }
  await refreshOfflineSnapshot();
  return result;
}
