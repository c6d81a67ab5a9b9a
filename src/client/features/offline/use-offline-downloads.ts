import { toast } from '../../components/ui/use-toast';
import type { TrackToDownload } from './download-manager';
import { type DownloadJob, useOfflineStatus } from './offline-status';

// The download buttons' side: state from the shared snapshot, actions through a lazy import of the
// download manager, so the rows and menus of the first route carry neither IndexedDB nor the cache
// code (issue 11's budget).

const manager = () => import('./download-manager');

export interface DownloadControl {
  downloaded: boolean;
  job: DownloadJob | undefined;
  /** Downloads, retries a failure, or removes what is downloaded. */
  toggle: () => void;
}

function failed(name: string, err: unknown) {
  toast({
    variant: 'destructive',
    title: 'Download failed',
    description: `"${name}" could not be stored for offline listening: ${err instanceof Error ? err.message : 'unknown error'}`,
  });
}

/** "Available offline" on one track. */
export function useTrackDownload(track: TrackToDownload): DownloadControl {
  const { trackIds, jobs } = useOfflineStatus();
  const downloaded = trackIds.has(track.id);
  const job = jobs.get(`track:${track.id}`);
  return {
    downloaded,
    job,
    toggle: () => {
      if (job?.state === 'downloading') return;
      if (downloaded) {
        void manager()
          .then((m) => m.removeTrack(track.id))
          .then(() => toast({ title: `Removed from this device: ${track.name}` }));
        return;
      }
      void manager()
        .then((m) => m.downloadTrack(track))
        .then(
          () => toast({ title: `Available offline: ${track.name}` }),
          (err: unknown) => failed(track.name, err),
        );
    },
  };
}

/** "Available offline" on a playlist: all its playable tracks. */
export function usePlaylistDownload(
  playlist: { id: number; name: string },
  tracks: TrackToDownload[],
): DownloadControl {
  const { playlistIds, jobs } = useOfflineStatus();
  const job = jobs.get(`playlist:${playlist.id}`);
  const downloaded = playlistIds.has(playlist.id) && job === undefined;
  return {
    downloaded,
    job,
    toggle: () => {
      if (job?.state === 'downloading') return;
      if (downloaded) {
        void manager()
          .then((m) => m.removePlaylist(playlist.id))
          .then(() => toast({ title: `Removed from this device: ${playlist.name}` }));
        return;
      }
      void manager()
        .then((m) => m.downloadPlaylist(playlist, tracks))
        .catch((err: unknown) => failed(playlist.name, err));
    },
  };
}

/** "Downloading 3 of 10 (45%)", or for one track "Downloading (45%)". */
export function progressLabel(job: Extract<DownloadJob, { state: 'downloading' }>): string {
  return job.total > 1
    ? `Downloading ${Math.min(job.done + 1, job.total)} of ${job.total} (${job.percent}%)`
    : `Downloading (${job.percent}%)`;
}
