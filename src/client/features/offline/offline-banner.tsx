import { useEffect } from 'react';
import { useOfflineStatus } from '../../entities/offline/offline-status';
import { whenIdle } from '../../lib/when-idle';

/**
 * Reads the download index and syncs it with the server when the app starts online and whenever
 * the network comes back (issue 25: deleted or inaccessible tracks leave the downloads). Lazy: the
 * manager and IndexedDB arrive after the shell's first paint.
 */
function useDownloadSync() {
  useEffect(() => {
    let live = true;
    const sync = () => {
      if (!navigator.onLine) return;
      void import('./sync')
        .then((m) => (live ? m.syncDownloads() : null))
        .catch((err: unknown) => console.warn('Could not sync the downloads', err));
    };
    // Online, after the first screen's frames: the index was read before the first render offline.
    const cancel = whenIdle(() => {
      void import('./download-manager')
        .then((m) => m.refreshOfflineSnapshot())
        .then(sync)
        .catch((err: unknown) => console.warn('Could not read the downloads', err));
    });
    window.addEventListener('online', sync);
    return () => {
      live = false;
      cancel();
      window.removeEventListener('online', sync);
    };
  }, []);
}

/**
 * The shell's "Offline" banner (role=status, so it is announced when it appears). It says what
 * still works: the journal as last seen, and the downloaded tracks.
 */
export function OfflineBanner() {
  const { online } = useOfflineStatus();
  useDownloadSync();
  return (
    <div role="status" className="shrink-0 empty:hidden">
      {!online && (
        <p className="border-b border-amber-500/30 bg-amber-500/15 px-4 py-1.5 text-center text-sm text-amber-100">
          <span>
            <strong className="font-semibold">Offline</strong>
            <span className="text-amber-100/80">
              : showing your journal as last seen; downloaded tracks play.
            </span>
          </span>
        </p>
      )}
    </div>
  );
}
