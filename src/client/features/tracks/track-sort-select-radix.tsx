import * as SelectPrimitive from '@radix-ui/react-select';
import type { TrackSort } from '../../../shared/schemas/tracks';
import { SelectContent, SelectItem } from '../../components/ui/select';
import type { PopupStart } from '../../lib/lazy-popup';
import { SORT_LABELS, type TrackSortSelectProps } from './track-sort-labels';

/**
 * The Radix side of `TrackSortSelect` (decision 0076). The trigger already shows the chosen order's
 * label, so it needs no `Select.Value`: the list is in popper position, which does not align to it.
 */
export function RadixTrackSortSelect({
  value,
  onValueChange,
  children,
  defaultOpen,
}: TrackSortSelectProps & PopupStart) {
  return (
    <SelectPrimitive.Root
      value={value}
      onValueChange={(v) => onValueChange(v as TrackSort)}
      defaultOpen={defaultOpen}
    >
      <SelectPrimitive.Trigger asChild>{children}</SelectPrimitive.Trigger>
      <SelectContent>
        {(Object.keys(SORT_LABELS) as TrackSort[]).map((sort) => (
          <SelectItem key={sort} value={sort}>
            {SORT_LABELS[sort]}
          </SelectItem>
        ))}
      </SelectContent>
    </SelectPrimitive.Root>
  );
}
