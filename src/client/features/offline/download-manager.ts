import { setDownloadJob, updateOfflineSnapshot } from '../../entities/offline/offline-status';
import {
  clearIndex,
  type DownloadedTrack,
  deletePlaylist,
  deleteTrack,
  getPlaylist,
  getTrack,
  putPlaylist,
  putTrack,
  readIndex,
} from './download-index';
import { currentVersion, fetchIntoCache } from './media-fetch';
import { OFFLINE_MEDIA_CACHE, streamUrl, waveformUrl } from './media-urls';
import { downloadVersions, removeVersions } from './version-downloads';

// "Available offline" (issue 25): the page fetches each track's whole stream (no Range, so the
// cache holds the complete file the worker slices for the player's Range requests) and its
// waveform, and puts both in Cache Storage under the addresses the player requests. Sequential on
// purpose: one download at a time keeps a phone's connection usable and the progress honest.

/** What a download needs to know of a track (a PlayerTrack fits). */
export interface TrackToDownload {
  id: number;
  name: string;
  artist?: string | null;
  duration?: number | null;
  mimeType?: string | null;
  playable?: boolean;
  /**
   * The track's version (decision 0220) as the caller just read it (the sync's playlist reply);
   * otherwise the manager asks the server (rows and menus do not carry it: the first route's budget).
   */
  version?: number;
}

export const trackJobKey = (id: number) => `track:${id}`;
export const playlistJobKey = (id: number) => `playlist:${id}`;

/** The index into the shared snapshot, so rows and the queue see what plays offline. */
export async function refreshOfflineSnapshot(): Promise<void> {
  const { tracks, playlists } = await readIndex();
  updateOfflineSnapshot({
    indexLoaded: true,
    trackIds: new Set(tracks.map((t) => t.id)),
    playlistIds: new Set(playlists.map((p) => p.id)),
  });
}

let persistAsked = false;
/** Asked once, with the first download: without it the browser may evict the cache under pressure. */
async function askPersistence(): Promise<void> {
  if (persistAsked || !navigator.storage?.persist) return;
  persistAsked = true;
  if (!(await navigator.storage.persisted())) await navigator.storage.persist().catch(() => false);
}

/**
 * Downloads `tracks` under one job (`jobKey`), reporting "n of total" and a percent. Tracks already
 * downloaded only gain the playlist (or the `single` mark). Throws after marking the job failed.
 */
export async function downloadTracks(
  jobKey: string,
  tracks: TrackToDownload[],
  { playlistId, single = false }: { playlistId?: number; single?: boolean },
): Promise<void> {
  const total = tracks.length;
  const report = (done: number, fraction: number) =>
    setDownloadJob(jobKey, {
      state: 'downloading',
      done,
      total,
      percent: total === 0 ? 100 : Math.round(((done + fraction) / total) * 100),
    });
  report(0, 0);
  try {
    await askPersistence();
    const cache = await caches.open(OFFLINE_MEDIA_CACHE);
    for (const [i, track] of tracks.entries()) {
      const known = await getTrack(track.id);
      if (known) {
        const playlistIds =
          playlistId === undefined ? known.playlistIds : [...new Set([...known.playlistIds, playlistId])];
        await putTrack({ ...known, single: known.single || single, playlistIds });
      } else {
        // Read before the file, so the bytes are of this version or a newer one (versions only go
        // up): at worst the next sync downloads the same file once more, never keeps an old one.
        const version = track.version ?? (await currentVersion(track.id));
        // The stream is nearly all of the bytes: it carries the progress.
        const audio = await fetchIntoCache(cache, streamUrl(track.id), (f) => report(i, f));
        const peaks = await fetchIntoCache(cache, waveformUrl(track.id), () => {}, true);
        // Earlier versions come along, to compare offline (issue 43); unknown version: not asked.
        const versions = (version ?? 1) > 1 ? await downloadVersions(cache, track.id) : 0;
        await putTrack({
          id: track.id,
          name: track.name,
          artist: track.artist ?? null,
          duration: track.duration ?? null,
          mimeType: track.mimeType ?? null,
          size: audio + peaks + versions,
          ...(version !== undefined ? { version } : {}),
          single,
          playlistIds: playlistId === undefined ? [] : [playlistId],
          downloadedAt: new Date().toISOString(),
        });
      }
      report(i + 1, 0);
      await refreshOfflineSnapshot();
    }
    setDownloadJob(jobKey, null);
  } catch (err) {
    const message = err instanceof Error ? err.message : 'Download failed';
    setDownloadJob(jobKey, { state: 'failed', error: message });
    await refreshOfflineSnapshot();
    throw err;
  }
}

/** "Available offline" on one track. */
export const downloadTrack = (track: TrackToDownload) =>
  downloadTracks(trackJobKey(track.id), [track], { single: true });

/** "Available offline" on a playlist: its playable tracks (processing ones have nothing to store). */
export async function downloadPlaylist(
  playlist: { id: number; name: string },
  tracks: TrackToDownload[],
): Promise<void> {
  await putPlaylist({
    id: playlist.id,
    name: playlist.name,
    trackIds: tracks.map((t) => t.id),
    downloadedAt: (await getPlaylist(playlist.id))?.downloadedAt ?? new Date().toISOString(),
  });
  await downloadTracks(
    playlistJobKey(playlist.id),
    tracks.filter((t) => t.playable !== false),
    { playlistId: playlist.id },
  );
}

/** Takes a track's media out of the cache and the index. */
export async function removeTrack(id: number): Promise<void> {
  const cache = await caches.open(OFFLINE_MEDIA_CACHE);
  await removeVersions(cache, id);
  await Promise.all([cache.delete(streamUrl(id)), cache.delete(waveformUrl(id))]);
  await deleteTrack(id);
  setDownloadJob(trackJobKey(id), null);
  await refreshOfflineSnapshot();
}

/** Removes a playlist's download: its tracks go too unless downloaded on their own or with another. */
export async function removePlaylist(id: number): Promise<void> {
  const { tracks } = await readIndex();
  await deletePlaylist(id);
  for (const track of tracks.filter((t) => t.playlistIds.includes(id))) {
    await dropFromPlaylist(track, id);
  }
  setDownloadJob(playlistJobKey(id), null);
  await refreshOfflineSnapshot();
}

/** `track` no longer downloaded for playlist `playlistId`; removed when nothing else keeps it. */
export async function dropFromPlaylist(track: DownloadedTrack, playlistId: number): Promise<void> {
  const playlistIds = track.playlistIds.filter((p) => p !== playlistId);
  if (playlistIds.length === 0 && !track.single) await removeTrack(track.id);
  else await putTrack({ ...track, playlistIds });
}

/** "Remove all": the whole cache and index. */
export async function removeAllDownloads(): Promise<void> {
  await caches.delete(OFFLINE_MEDIA_CACHE);
  await clearIndex();
  updateOfflineSnapshot({ jobs: new Map() });
  await refreshOfflineSnapshot();
}

/** Used and available bytes for the Downloaded page, when the browser tells. */
export async function storageEstimate(): Promise<{
  usage: number;
  quota: number;
  persisted: boolean;
} | null> {
  if (!navigator.storage?.estimate) return null;
  const { usage = 0, quota = 0 } = await navigator.storage.estimate();
  const persisted = (await navigator.storage.persisted?.().catch(() => false)) ?? false;
  return { usage, quota, persisted };
}
