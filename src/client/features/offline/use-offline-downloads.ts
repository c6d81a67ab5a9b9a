import { toast } from '../../components/ui/use-toast';
import { type DownloadJob, useOfflineStatus } from '../../entities/offline/offline-status';
import type { TrackToDownload } from './download-manager';

// The download buttons' side: state from the shared snapshot, actions through a lazy import of the
// download manager, so the rows and menus of the first route carry neither IndexedDB nor the cache
// code (issue 11's budget).

const manager = () => import('./download-manager');
type Manager = Awaited<ReturnType<typeof manager>>;

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

/**
 * Toggling "Available offline": nothing while downloading, remove when downloaded (saying so), else
 * download (a failure is toasted; `downloaded` names what to say on success, if anything).
 */
function downloadToggle(
  name: string,
  { downloaded, job }: Pick<DownloadControl, 'downloaded' | 'job'>,
  remove: (m: Manager) => Promise<unknown>,
  download: (m: Manager) => Promise<unknown>,
  said?: string,
): () => void {
  return () => {
    if (job?.state === 'downloading') return;
    if (downloaded) {
      void manager()
        .then(remove)
        .then(() => toast({ title: `Removed from this device: ${name}` }));
      return;
    }
    void manager()
      .then(download)
      .then(
        () => said && toast({ title: said }),
        (err: unknown) => failed(name, err),
      );
  };
}

/** "Available offline" on one track. */
export function useTrackDownload(track: TrackToDownload): DownloadControl {
  const { trackIds, jobs } = useOfflineStatus();
  const state = { downloaded: trackIds.has(track.id), job: jobs.get(`track:${track.id}`) };
  return {
    ...state,
    toggle: downloadToggle(
      track.name,
      state,
      (m) => m.removeTrack(track.id),
      (m) => m.downloadTrack(track),
      `Available offline: ${track.name}`,
    ),
  };
}

/** "Available offline" on a playlist: all its playable tracks. */
export function usePlaylistDownload(
  playlist: { id: number; name: string },
  tracks: TrackToDownload[],
): DownloadControl {
  const { playlistIds, jobs } = useOfflineStatus();
  const job = jobs.get(`playlist:${playlist.id}`);
  const state = { downloaded: playlistIds.has(playlist.id) && job === undefined, job };
  return {
    ...state,
    toggle: downloadToggle(
      playlist.name,
      state,
      (m) => m.removePlaylist(playlist.id),
      (m) => m.downloadPlaylist(playlist, tracks),
    ),
  };
}

/** "Downloading 3 of 10 (45%)", or for one track "Downloading (45%)". */
export function progressLabel(job: Extract<DownloadJob, { state: 'downloading' }>): string {
  return job.total > 1
    ? `Downloading ${Math.min(job.done + 1, job.total)} of ${job.total} (${job.percent}%)`
    : `Downloading (${job.percent}%)`;
}
