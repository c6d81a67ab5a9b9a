import { useEffect, useRef } from 'react';
import { CHECKBOX_HIT_LABEL } from '../../components/ui/checkbox-hit';
import { cn } from '../../lib/utils';

/** 16 px with a mouse, 24 px on phones and touch screens; the label takes the touch area to 44 px. */
const BOX = 'size-4 cursor-pointer align-middle accent-primary pointer-coarse:size-6 max-sm:size-6';

/** One row's tick (issue 43): "Select <track name>", as the journal's rows have. */
export function SelectTakeBox({
  name,
  checked,
  onToggle,
  className,
}: {
  name: string;
  checked: boolean;
  onToggle: (options: { range: boolean }) => void;
  className?: string;
}) {
  return (
    // 24 px above and below on touch, not 28: the 48 px row holds the whole 48 px tall touch area.
    <label className={cn(CHECKBOX_HIT_LABEL, 'pointer-coarse:-my-3 pointer-coarse:py-3', className)}>
      <input
        type="checkbox"
        aria-label={`Select ${name}`}
        checked={checked}
        // A Shift-click would also select the page's text between the two clicks.
        onMouseDown={(event) => event.shiftKey && event.preventDefault()}
        onChange={(event) => onToggle({ range: (event.nativeEvent as MouseEvent).shiftKey === true })}
        className={BOX}
      />
    </label>
  );
}

/** Ticks every row listed, or clears them; mixed while only some are. */
export function SelectAllTakesBox({
  ticked,
  count,
  onSelectAll,
  onClear,
  className,
}: {
  ticked: number;
  count: number;
  onSelectAll: () => void;
  onClear: () => void;
  className?: string;
}) {
  const box = useRef<HTMLInputElement>(null);
  const all = count > 0 && ticked === count;
  useEffect(() => {
    if (box.current) box.current.indeterminate = ticked > 0 && !all;
  }, [ticked, all]);
  return (
    <label className={cn(CHECKBOX_HIT_LABEL, className)}>
      <input
        ref={box}
        type="checkbox"
        aria-label="Select all tracks"
        checked={all}
        onChange={() => (all ? onClear() : onSelectAll())}
        className={BOX}
      />
    </label>
  );
}
