import { CloudOff } from 'lucide-react';
import { cn } from '../../lib/utils';
import { offlineReason, useOfflineStatus } from './offline-status';

/**
 * "Not available offline" under a track's name while there is no network and it was not
 * downloaded (issue 25). Rows also call useOfflineStatus themselves: their play button's reason
 * comes from the same state.
 */
export function OfflineMark({ trackId, className }: { trackId: number; className?: string }) {
  const reason = offlineReason(trackId, useOfflineStatus());
  if (!reason) return null;
  return (
    <p
      data-testid="offline-mark"
      className={cn('flex items-center gap-1 text-xs text-muted-foreground', className)}
    >
      <CloudOff className="size-3 shrink-0" aria-hidden />
      {reason}
    </p>
  );
}
