import { cn } from '../../lib/utils';
import { offlineReason, useOfflineStatus } from './offline-status';

/**
 * "Not available offline" under a track's name while there is no network and it was not
 * downloaded (issue 25). Words only: an icon here and in the banner cost the first route a chunk
 * (decision 0360: its budget is nearly spent). Rows also call useOfflineStatus themselves: their
 * play button's reason comes from the same state.
 */
export function OfflineMark({ trackId, className }: { trackId: number; className?: string }) {
  const reason = offlineReason(trackId, useOfflineStatus());
  if (!reason) return null;
  return (
    <p data-testid="offline-mark" className={cn('text-xs text-muted-foreground', className)}>
      {reason}
    </p>
  );
}
