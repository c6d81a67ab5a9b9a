import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { GripVertical, X } from 'lucide-react';
import { formatDuration } from '../../../shared/format';
import { Button } from '../../components/ui/button';
import { offlineReason, useOfflineStatus } from '../../entities/offline/offline-status';
import { cn } from '../../lib/utils';
import type { PlayerTrack } from '../../player/player-context';
import { canPlay } from '../../player/player-queue';

/** Why a queued track will be skipped, shown under its name. */
export function skipReason(track: PlayerTrack): string | null {
  if (canPlay(track)) return null;
  if (track.playable !== false && offlineReason(track.id)) return 'Not available offline: skipped';
  return track.processing?.state === 'failed' ? 'Could not be processed: skipped' : 'Processing…: skipped';
}

/**
 * One upcoming track of the queue panel: drag handle (pointer or keyboard: Space, arrows, Space),
 * name (click to play it now), duration and remove. 48 px tall like playlist rows, so one 25 px
 * keyboard step carries it past a neighbour (drag-sensors.ts).
 */
export function QueueRow({
  track,
  onPlay,
  onRemove,
}: {
  track: PlayerTrack;
  onPlay: () => void;
  onRemove: () => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: track.id });
  // Going offline (or a download finishing) changes what is skipped.
  useOfflineStatus();
  const skipped = skipReason(track);

  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      data-queue-track-id={track.id}
      className={cn(
        // Touch screens: columns wide enough for the 44 px handle and remove button (decision 0365).
        'group grid h-12 grid-cols-[1.75rem_minmax(0,1fr)_auto_2.25rem] items-center gap-2 rounded-md px-1 pointer-coarse:h-14 pointer-coarse:grid-cols-[2.75rem_minmax(0,1fr)_auto_2.75rem] pointer-coarse:gap-1',
        isDragging ? 'relative z-10 bg-secondary shadow-xl ring-1 ring-primary/50' : 'hover:bg-accent/50',
      )}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        aria-label={`Drag ${track.name} to reorder`}
        className="flex h-8 cursor-grab touch-none items-center justify-center rounded text-muted-foreground hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring active:cursor-grabbing"
      >
        <GripVertical className="size-4" aria-hidden />
      </button>
      <button
        type="button"
        onClick={onPlay}
        disabled={skipped !== null}
        className="min-w-0 cursor-pointer rounded text-left focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-default"
      >
        <span className={cn('block truncate text-sm', skipped && 'text-muted-foreground')}>{track.name}</span>
        {(skipped ?? track.artist) && (
          <span className="block truncate text-xs text-muted-foreground">{skipped ?? track.artist}</span>
        )}
      </button>
      <span className="text-xs text-muted-foreground tabular-nums">{formatDuration(track.duration, '')}</span>
      <Button
        variant="ghost"
        size="icon"
        aria-label={`Remove ${track.name} from the queue`}
        className="size-8 text-muted-foreground opacity-70 group-hover:opacity-100 focus-visible:opacity-100"
        onClick={onRemove}
      >
        <X />
      </Button>
    </li>
  );
}
