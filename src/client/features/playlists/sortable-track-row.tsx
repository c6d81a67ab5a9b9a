import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { GripVertical, MoreHorizontal, Trash2 } from 'lucide-react';
import { formatDayMonthYear, formatDuration } from '../../../shared/format';
import type { PlaylistTrack } from '../../../shared/schemas/playlists';
import { Button } from '../../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu';
import { EquipmentChips } from '../../entities/equipment/equipment-chips';
import { LikeButton } from '../../entities/track/like-button';
import { TrackIndexCell, TrackTitleCell } from '../../entities/track/track-row-cells';
import { cn } from '../../lib/utils';
import type { PlayerTrack } from '../../player/player-context';
import { SelectTakeBox } from '../compare';
import { TrackQueueItems } from '../tracks';

/**
 * Columns shared by the header and the rows: handle, #, title, equipment, date added, duration,
 * heart and menu. Equipment and date give way on narrow screens; they have the widths of one chip
 * with "+N" and of the longest date, and the title takes the rest (issue 42, decision 0550).
 */
/** Phones with touch: columns for the 44 px handle, play button, heart and menu, in the same 48 px row (0365). */
/** The tick comes first (issue 43, decision 0691): 16 px with a mouse, 24 px on touch phones. */
export const TRACK_GRID =
  'grid grid-cols-[1rem_1.5rem_2rem_minmax(0,1fr)_3rem_4.5rem] items-center gap-3 px-2 max-md:pointer-coarse:grid-cols-[2.5rem_2.75rem_2.75rem_minmax(0,1fr)_2.5rem_5.5rem] max-md:pointer-coarse:gap-1 max-md:pointer-coarse:px-0 md:grid-cols-[1rem_1.5rem_2rem_minmax(0,1fr)_9rem_3rem_4.5rem] lg:grid-cols-[1rem_1.5rem_2rem_minmax(0,1fr)_9rem_8.5rem_3rem_4.5rem]';

/**
 * One playlist track (spec section 2): its tick, drag handle, index (a play button on hover), title and
 * notes, equipment chips, date added, duration and the row menu. The row is exactly 48 px tall:
 * the 25 px keyboard step must pass half a row for one arrow press to move it one place.
 */
export function SortableTrackRow({
  track,
  playerTrack,
  index,
  current,
  playing,
  onPlay,
  onRemove,
  selected,
  onSelect,
}: {
  track: PlaylistTrack;
  /** The track as the queue holds it, with its artist and artwork, for the menu's queue items. */
  playerTrack: PlayerTrack;
  index: number;
  current: boolean;
  playing: boolean;
  onPlay: () => void;
  onRemove: () => void;
  /** Ticked for Compare or removal (issue 43). */
  selected: boolean;
  onSelect: (options: { range: boolean }) => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: track.id });

  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      data-track-id={track.id}
      className={cn(
        TRACK_GRID,
        'group h-12 rounded-md',
        // Opaque while lifted: the rows it passes over must not show through.
        isDragging
          ? 'relative z-10 bg-secondary shadow-xl ring-1 ring-primary/50'
          : selected
            ? 'bg-primary/10 transition-colors hover:bg-primary/15'
            : 'transition-colors focus-within:bg-accent/40 hover:bg-accent/50',
      )}
    >
      {/* Outside the handle: a tick never starts a drag, and the handle keeps its keys. */}
      <SelectTakeBox
        name={track.name}
        checked={selected}
        onToggle={onSelect}
        className="justify-self-center"
      />
      <button
        type="button"
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        aria-label="Drag to reorder"
        className="flex h-8 cursor-grab touch-none items-center justify-center rounded text-muted-foreground opacity-60 hover:text-foreground hover:opacity-100 focus-visible:opacity-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring active:cursor-grabbing"
      >
        <GripVertical className="size-4" aria-hidden />
      </button>

      <TrackIndexCell
        track={track}
        index={index}
        current={current}
        playing={current && playing}
        onPlay={onPlay}
      />
      <TrackTitleCell track={track} current={current} lines={1} />

      <div className="hidden min-w-0 md:block">
        <EquipmentChips equipment={track.equipment} max={1} className="flex-nowrap overflow-hidden" />
      </div>

      <span className="hidden text-sm text-muted-foreground lg:block">
        {formatDayMonthYear(track.addedAt)}
      </span>
      <span className="text-right text-sm text-muted-foreground tabular-nums">
        {formatDuration(track.duration)}
      </span>

      <div className="flex items-center justify-end">
        <LikeButton
          trackId={track.id}
          className="opacity-60 group-hover:opacity-100 focus-visible:opacity-100 aria-pressed:opacity-100"
        />
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button
              variant="ghost"
              size="icon"
              aria-label="Track options"
              className="size-8 opacity-60 group-hover:opacity-100 focus-visible:opacity-100 data-[state=open]:opacity-100"
            >
              <MoreHorizontal />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            <TrackQueueItems track={playerTrack} />
            <DropdownMenuSeparator />
            <DropdownMenuItem variant="destructive" onSelect={onRemove}>
              <Trash2 aria-hidden />
              Remove from playlist
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      </div>
    </li>
  );
}
