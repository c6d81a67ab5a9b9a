import { Music } from 'lucide-react';
import { useId } from 'react';
import { formatDuration } from '../../../shared/format';
import type { Track } from '../../../shared/schemas/tracks';
import { Checkbox } from '../../components/ui/checkbox';
import { VirtualList } from '../../components/virtual-list';

/** A row's height in px (py-2 around a 20 px line), measured anyway once rendered. */
const ROW_HEIGHT = 36;

/**
 * The Add Tracks dialog's checkboxes, one per track. From VIRTUALIZE_FROM tracks only those in view
 * of the dialog's scrolling box are rendered (the shared VirtualList, decision 0072): each is still
 * an <li> of one list, with its place in the whole list (aria-posinset/setsize).
 */
export function TrackChoiceList({
  tracks,
  selected,
  onToggle,
}: {
  tracks: readonly Track[];
  selected: ReadonlySet<number>;
  onToggle: (trackId: number, on: boolean) => void;
}) {
  const ids = useId();
  return (
    <VirtualList
      aria-label="Your tracks"
      items={tracks}
      estimateSize={ROW_HEIGHT}
      renderItem={(track, props) => {
        const id = `${ids}-${track.id}`;
        return (
          <li key={track.id} {...props}>
            <label
              htmlFor={id}
              className="flex cursor-pointer items-center gap-3 rounded-md px-2 py-2 hover:bg-accent/60"
            >
              <Checkbox
                id={id}
                aria-labelledby={`${id}-name`}
                checked={selected.has(track.id)}
                onCheckedChange={(checked) => onToggle(track.id, checked === true)}
              />
              <Music className="size-4 shrink-0 text-muted-foreground" aria-hidden />
              <span id={`${id}-name`} className="min-w-0 flex-1 truncate text-sm font-medium">
                {track.name}
              </span>
              <span className="text-xs text-muted-foreground tabular-nums">
                {formatDuration(track.duration)}
              </span>
            </label>
          </li>
        );
      }}
    />
  );
}
