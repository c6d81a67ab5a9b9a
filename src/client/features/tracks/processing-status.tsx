import { AlertCircle, Loader2, RotateCcw } from 'lucide-react';
import type { Track } from '../../../shared/schemas/tracks';
import { Button } from '../../components/ui/button';
import { useRetryProcessing } from '../../entities/track/use-track-mutations';
import { cn } from '../../lib/utils';

/**
 * A track's media processing on its row or card (issue 10): "Processing…" while pending, announced
 * politely; "Could not process: {reason}" when it failed, with Retry for the owner. Nothing once ready.
 */
export function ProcessingStatus({
  track,
  canRetry,
  className,
}: {
  track: Pick<Track, 'id' | 'name' | 'processing'>;
  canRetry: boolean;
  className?: string;
}) {
  const retry = useRetryProcessing();
  const { state, error } = track.processing;
  // The live region is always rendered so the change from pending to ready is announced too.
  return (
    <div aria-live="polite" className={cn('text-xs', className)}>
      {state === 'pending' && (
        <p className="flex items-center gap-1.5 text-muted-foreground">
          <Loader2 className="size-3 shrink-0 animate-spin" aria-hidden />
          Processing…
        </p>
      )}
      {state === 'failed' && (
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-destructive">
          <p className="flex min-w-0 items-start gap-1.5">
            <AlertCircle className="mt-0.5 size-3 shrink-0" aria-hidden />
            <span className="min-w-0 break-words">Could not process: {error ?? 'unknown error'}</span>
          </p>
          {canRetry && (
            <Button
              variant="outline"
              size="sm"
              className="h-6 gap-1 px-2 text-xs text-foreground"
              aria-label={`Retry processing ${track.name}`}
              disabled={retry.isPending}
              onClick={() => retry.mutate(track.id)}
            >
              <RotateCcw className="size-3" aria-hidden />
              Retry
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
