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

export const KEPT_OFFLINE = 'Kept offline';

/**
 * A small mark beside the name of a track kept on this device (issue 42, item 7): the person sees
 * which tracks play without a network before they need it. A drawn arrow, not an icon import: the
 * first route's budget (decision 0360). Named for assistive technology, titled for the pointer.
 */
export function KeptOfflineMark({ trackId, className }: { trackId: number; className?: string }) {
  const { indexLoaded, trackIds } = useOfflineStatus();
  if (!indexLoaded || !trackIds.has(trackId)) return null;
  return (
    <span
      role="img"
      aria-label={KEPT_OFFLINE}
      title={KEPT_OFFLINE}
      data-testid="kept-offline-mark"
      className={cn('inline-flex shrink-0 items-center text-primary', className)}
    >
      <svg
        viewBox="0 0 16 16"
        className="size-3.5"
        aria-hidden
        fill="none"
        stroke="currentColor"
        strokeWidth="1.75"
      >
        <path d="M8 2v8M4.5 6.5 8 10l3.5-3.5M3 13.5h10" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </span>
  );
}
