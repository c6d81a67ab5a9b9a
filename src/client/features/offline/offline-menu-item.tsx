import { Check, CloudDownload } from 'lucide-react';
import { DropdownMenuItem } from '../../components/ui/dropdown-menu';
import type { TrackToDownload } from './download-manager';
import { progressLabel, useTrackDownload } from './use-offline-downloads';

/**
 * "Available offline" in a track's menu (issue 25): a checkbox item, checked once downloaded;
 * choosing it again removes the download. While downloading it shows the progress, disabled.
 */
export function AvailableOfflineItem({ track }: { track: TrackToDownload }) {
  const { downloaded, job, toggle } = useTrackDownload(track);
  const busy = job?.state === 'downloading';
  return (
    <DropdownMenuItem
      role="menuitemcheckbox"
      aria-checked={downloaded}
      disabled={busy || (!downloaded && track.playable === false)}
      onSelect={toggle}
    >
      {downloaded ? <Check aria-hidden /> : <CloudDownload aria-hidden />}
      {busy ? progressLabel(job) : 'Available offline'}
      {job?.state === 'failed' && <span className="ml-auto text-xs text-destructive">Failed: retry</span>}
    </DropdownMenuItem>
  );
}
