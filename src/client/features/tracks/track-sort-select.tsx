import { ChevronDown } from 'lucide-react';
import type { TrackSort } from '../../../shared/schemas/tracks';
import { SELECT_TRIGGER_CLASS } from '../../components/ui/select-trigger-class';
import { lazyPopup } from '../../lib/lazy-popup';
import { cn } from '../../lib/utils';
import { SORT_LABELS, type TrackSortSelectProps } from './track-sort-labels';

/** Radix Select (40 KB before gzip, with its popper) loads when the sort is first hovered, focused or pressed. */
const LazySelect = lazyPopup<TrackSortSelectProps>(
  () => import('./track-sort-select-radix').then((m) => m.RadixTrackSortSelect),
  {
    pointerDown: true,
    click: true,
    keys: [' ', 'Enter', 'ArrowUp', 'ArrowDown'],
    // Radix's trigger sets these itself; a plain one carries them until then.
    plainProps: { role: 'combobox', 'aria-expanded': false, 'aria-autocomplete': 'none' },
  },
);

/** The journal's "Sort by" select, labelled by the element whose id is `labelledBy`. */
export function TrackSortSelect({
  value,
  onValueChange,
  labelledBy,
}: {
  value: TrackSort;
  onValueChange: (value: TrackSort) => void;
  labelledBy: string;
}) {
  return (
    <LazySelect value={value} onValueChange={onValueChange}>
      <button
        type="button"
        aria-labelledby={labelledBy}
        className={cn(SELECT_TRIGGER_CLASS, 'w-44 max-sm:w-34')}
      >
        <span style={{ pointerEvents: 'none' }}>{SORT_LABELS[value]}</span>
        <ChevronDown className="size-4 opacity-60" aria-hidden />
      </button>
    </LazySelect>
  );
}
