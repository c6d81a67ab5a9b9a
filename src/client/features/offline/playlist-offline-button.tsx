import { AlertCircle, Check, CloudDownload, Loader2 } from 'lucide-react';
import { Button } from '../../components/ui/button';
import type { TrackToDownload } from './download-manager';
import { progressLabel, usePlaylistDownload } from './use-offline-downloads';

/**
 * "Available offline" on a playlist page (issue 25): a toggle whose text is its state, so the
 * progress is read out with it: "Downloading 3 of 10 (45%)", then "Downloaded" (pressing it again
 * removes the download), or "Download failed: retry".
 */
export function PlaylistOfflineButton({
  playlist,
  tracks,
}: {
  playlist: { id: number; name: string };
  tracks: TrackToDownload[];
}) {
  const { downloaded, job, toggle } = usePlaylistDownload(playlist, tracks);
  const busy = job?.state === 'downloading';
  const failed = job?.state === 'failed';
  return (
    <Button
      variant="outline"
      aria-pressed={downloaded}
      aria-busy={busy || undefined}
      title={downloaded ? 'Stored on this device: press to remove' : undefined}
      disabled={!downloaded && !busy && tracks.every((t) => t.playable === false)}
      onClick={toggle}
      className="tabular-nums aria-pressed:border-primary/60 aria-pressed:text-primary"
    >
      {busy ? (
        <Loader2 className="animate-spin" aria-hidden />
      ) : failed ? (
        <AlertCircle className="text-destructive" aria-hidden />
      ) : downloaded ? (
        <Check aria-hidden />
      ) : (
        <CloudDownload aria-hidden />
      )}
      {busy
        ? progressLabel(job)
        : failed
          ? 'Download failed: retry'
          : downloaded
            ? 'Downloaded'
            : 'Available offline'}
    </Button>
  );
}
