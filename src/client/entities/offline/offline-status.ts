import { useSyncExternalStore } from 'react';

// What the first route needs to know about offline listening, with no dependency: whether the
// browser is online, which tracks and playlists are downloaded, and the downloads in progress. The
// download manager (a lazy chunk: IndexedDB, Cache Storage) fills it; rows, the queue and the
// banner read it, so marking "Not available offline" costs the first route a few hundred bytes.

export type DownloadJob =
  | { state: 'downloading'; done: number; total: number; percent: number }
  | { state: 'failed'; error: string };

export interface OfflineSnapshot {
  online: boolean;
  /** False until the download index was read: nothing is marked unavailable before that. */
  indexLoaded: boolean;
  trackIds: ReadonlySet<number>;
  playlistIds: ReadonlySet<number>;
  /** Keyed `track:{id}` or `playlist:{id}`; a finished download leaves this map. */
  jobs: ReadonlyMap<string, DownloadJob>;
}

const browserOnline = () => (typeof navigator === 'undefined' ? true : navigator.onLine !== false);

let snapshot: OfflineSnapshot = {
  online: browserOnline(),
  indexLoaded: false,
  trackIds: new Set(),
  playlistIds: new Set(),
  jobs: new Map(),
};
const listeners = new Set<() => void>();

export const getOfflineSnapshot = (): OfflineSnapshot => snapshot;

export function updateOfflineSnapshot(patch: Partial<OfflineSnapshot>): void {
  snapshot = { ...snapshot, ...patch };
  for (const listener of listeners) listener();
}

export function subscribeOffline(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function setDownloadJob(key: string, job: DownloadJob | null): void {
  const jobs = new Map(snapshot.jobs);
  if (job) jobs.set(key, job);
  else jobs.delete(key);
  updateOfflineSnapshot({ jobs });
}

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => updateOfflineSnapshot({ online: true }));
  window.addEventListener('offline', () => updateOfflineSnapshot({ online: false }));
}

export const NOT_AVAILABLE_OFFLINE = 'Not available offline';

/**
 * Why track `id` cannot play right now for want of a network: offline and not downloaded. Tracks
 * without an id (a share link's) are never downloaded.
 */
export function offlineReason(id: number | undefined, state: OfflineSnapshot = snapshot): string | null {
  if (state.online || !state.indexLoaded) return null;
  return id !== undefined && state.trackIds.has(id) ? null : NOT_AVAILABLE_OFFLINE;
}

/** The snapshot, re-rendering on every change (online, offline, a download's progress). */
export function useOfflineStatus(): OfflineSnapshot {
  return useSyncExternalStore(subscribeOffline, getOfflineSnapshot, getOfflineSnapshot);
}
