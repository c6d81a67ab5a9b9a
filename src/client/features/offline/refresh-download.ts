import type { Track } from '../../../shared/schemas/tracks';
import { getOfflineSnapshot, setDownloadJob } from '../../entities/offline/offline-status';
import { type DownloadedTrack, getTrack, putTrack } from './download-index';
import { trackJobKey } from './download-manager';
import { fetchWhole } from './media-fetch';
import { OFFLINE_MEDIA_CACHE, streamUrl, waveformUrl } from './media-urls';

// A downloaded track whose owner uploaded a new version (decision 0220: the same id and addresses,
// a new file, `version` one more) must not play the old file forever (decision 0360, amended). The
// sync already reads GET /api/tracks/{id} for each download; its `version` is the exact signal (it
// changes exactly when the file does, where `updatedAt` also moves on a rename and an ETag would
// cost a request per track). The new copy is fetched whole into memory first and only then replaces
// the old one in the cache, so the old copy plays throughout and stays when anything fails.

/** What the sync reads of a track reply (`{ track }` of GET /api/tracks/{id}); older replies may lack fields. */
export type CurrentTrack = Partial<
  Pick<Track, 'version' | 'playable' | 'processing' | 'name' | 'duration' | 'mimeType'>
>;

export type RefreshPlan =
  /** The stored copy is the current version (or the reply says nothing of versions). */
  | { action: 'none' }
  /** Kept before versions were, and the track never had another file: version 1 is what is stored. */
  | { action: 'adopt'; version: number }
  /** A newer version that cannot be stored yet (processing, or its processing failed): keep the old. */
  | { action: 'wait'; version: number; error: string | null }
  /** A newer version, processed: fetch its stream and waveform. */
  | { action: 'download'; version: number };

/**
 * What to do with `stored` given the track as the server has it now. A new version waits until its
 * processing is `ready`: before that the stream may be missing (a rendition to make) and the
 * waveform is, and a download then would store the new audio with no waveform for good.
 */
export function refreshPlan(stored: DownloadedTrack, current: CurrentTrack): RefreshPlan {
  const { version } = current;
  if (typeof version !== 'number' || version === stored.version) return { action: 'none' };
  if (stored.version === undefined && version === 1) return { action: 'adopt', version };
  const state = current.processing?.state;
  if (current.playable && state === 'ready') return { action: 'download', version };
  return { action: 'wait', version, error: state === 'failed' ? 'Its processing failed' : null };
}

/** `track` without `newerVersion`. */
function settled(track: DownloadedTrack): DownloadedTrack {
  const { newerVersion: _, ...rest } = track;
  return rest;
}

/**
 * Brings the download of `stored` to the track's current version; true when new media was stored.
 * Never removes the stored copy: a failure marks `newerVersion.error` and the next sync retries.
 */
export async function refreshDownload(stored: DownloadedTrack, current: CurrentTrack): Promise<boolean> {
  const plan = refreshPlan(stored, current);
  if (plan.action === 'none') return false;
  // Each write reads the entry again: it may have been removed, or gained a playlist, meanwhile.
  const update = async (change: (latest: DownloadedTrack) => DownloadedTrack) => {
    const latest = await getTrack(stored.id);
    if (latest) await putTrack(change(latest));
  };
  const mark = (error: string | null) =>
    update((latest) => ({ ...latest, newerVersion: { version: plan.version, error } }));
  if (plan.action === 'adopt') {
    await update((latest) => ({ ...settled(latest), version: plan.version }));
    return false;
  }
  if (plan.action === 'wait') {
    await mark(plan.error);
    return false;
  }
  const job = trackJobKey(stored.id);
  // A download of the same track from its menu is under way: leave it to that, retry next sync.
  if (getOfflineSnapshot().jobs.has(job)) return false;
  const progress = (fraction: number) =>
    setDownloadJob(job, { state: 'downloading', done: 0, total: 1, percent: Math.round(fraction * 100) });
  progress(0);
  try {
    const audio = await fetchWhole(streamUrl(stored.id), progress);
    const peaks = await fetchWhole(waveformUrl(stored.id), () => {}, true);
    const latest = await getTrack(stored.id);
    if (!audio || !latest) return false; // removed while the new copy arrived
    const cache = await caches.open(OFFLINE_MEDIA_CACHE);
    await cache.put(streamUrl(stored.id), audio.response);
    // The old waveform belongs to the old audio: without a new one, the plain slider is right.
    if (peaks) await cache.put(waveformUrl(stored.id), peaks.response);
    else await cache.delete(waveformUrl(stored.id));
    await putTrack({
      ...settled(latest),
      name: current.name ?? latest.name,
      duration: current.duration !== undefined ? current.duration : latest.duration,
      mimeType: current.mimeType ?? latest.mimeType,
      size: audio.size + (peaks?.size ?? 0),
      version: plan.version,
      downloadedAt: new Date().toISOString(),
    });
    return true;
  } catch (err) {
    await mark(err instanceof Error ? err.message : 'Download failed');
    return false;
  } finally {
    setDownloadJob(job, null);
  }
}
