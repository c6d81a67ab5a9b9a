import { onlineManager, type QueryClient } from '@tanstack/react-query';

// The entry's only contact with offline support: both halves are dynamic imports, so the first
// route carries none of IndexedDB, the persister or the download manager (issue 11's budget).

/** Started offline: the journal and playlists as last seen, before the first render. */
export async function restoreIfOffline(queryClient: QueryClient): Promise<void> {
  if (typeof navigator === 'undefined' || navigator.onLine) return;
  // TanStack Query assumes online until an `offline` event: told now, reads of what was not kept
  // wait for the network (and resume with it) instead of failing over the data that was.
  onlineManager.setOnline(false);
  // The download index too: the first render already marks what is not available offline.
  const index = import('./download-manager').then((m) => m.refreshOfflineSnapshot());
  try {
    const { restoreQueries } = await import('./persist-queries');
    await Promise.all([restoreQueries(queryClient), index]);
  } catch (err) {
    console.warn('Could not read the journal as last seen', err);
  }
}

/** After the first render: keep what a later offline start needs. */
export function persistInBackground(queryClient: QueryClient): void {
  import('./persist-queries')
    .then((m) => m.persistQueries(queryClient))
    .catch((err: unknown) => console.warn('Could not keep the journal for offline use', err));
}

/** Sign-out forgets the user's kept queries and downloads on this device. */
export function forgetOfflineData(): void {
  Promise.all([
    import('./persist-queries').then((m) => m.clearPersistedQueries()),
    import('./download-manager').then((m) => m.removeAllDownloads()),
  ]).catch((err: unknown) => console.warn('Could not clear offline data', err));
}
