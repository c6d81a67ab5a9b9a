import { GitCompareArrows, X } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { formatCount } from '../../../shared/format';
import { Button } from '../../components/ui/button';
import { WithTooltip } from '../../components/ui/tooltip';
import { COMPARE_TEXT } from './compare-constants';
import { useCompare } from './compare-context';
import { SelectAllTakesBox } from './select-boxes';

/** One ticked row: enough to open it in a slot. */
export interface TickedTake {
  id: number;
  name: string;
}

/**
 * The compact bar a playlist shows in its toolbar's place while rows are ticked (issue 43,
 * decision 0690): select-all, the count, "Compare" for exactly two (A = the first in the list's
 * order, B = the second, each on its current version), the page's own `actions`, and Clear.
 * Compare stays focusable when it cannot act (aria-disabled), so its hint is heard and hovered.
 */
export function TakesSelectionBar({
  ticked,
  count,
  onSelectAll,
  onClear,
  collectiveId,
  actions,
  className,
}: {
  /** The ticked rows, in the list's order. */
  ticked: TickedTake[];
  /** How many rows the list has (for select-all). */
  count: number;
  onSelectAll: () => void;
  onClear: () => void;
  /** The collective whose timed comments the comparison shows. */
  collectiveId?: number;
  actions?: ReactNode;
  className?: string;
}) {
  const compare = useCompare();
  const hintId = useId();
  const [a, b] = ticked;
  const pair = ticked.length === 2 && a && b ? ([a, b] as const) : null;

  return (
    <section
      aria-label="Selected tracks"
      className={
        className ??
        'flex flex-wrap items-center gap-2 max-md:gap-1.5 rounded-xl border border-primary/40 bg-card p-2 shadow-lg'
      }
    >
      <SelectAllTakesBox
        ticked={ticked.length}
        count={count}
        onSelectAll={onSelectAll}
        onClear={onClear}
        className="ml-1 pointer-coarse:ml-0"
      />
      <p role="status" className="mr-auto text-sm font-medium">
        {formatCount(ticked.length)} selected
      </p>

      {compare.available && (
        <WithTooltip label={pair ? 'Compare the two' : COMPARE_TEXT.pickTwo} side="bottom">
          <Button
            variant="outline"
            size="sm"
            className="max-sm:size-11 max-sm:px-0 aria-disabled:cursor-not-allowed aria-disabled:opacity-50"
            aria-disabled={pair ? undefined : true}
            aria-describedby={pair ? undefined : hintId}
            onClick={() => {
              if (!pair) return;
              compare.open({
                takes: [
                  { trackId: pair[0].id, name: pair[0].name },
                  { trackId: pair[1].id, name: pair[1].name },
                ],
                ...(collectiveId === undefined ? {} : { collectiveId }),
              });
            }}
          >
            <GitCompareArrows aria-hidden />
            <span className="max-sm:sr-only">Compare</span>
          </Button>
        </WithTooltip>
      )}
      {!pair && (
        <span id={hintId} className="sr-only">
          {COMPARE_TEXT.pickTwo}
        </span>
      )}

      {actions}

      <Button
        variant="ghost"
        size="icon"
        className="size-8 max-sm:size-11"
        aria-label="Clear selection"
        onClick={onClear}
      >
        <X aria-hidden />
      </Button>
    </section>
  );
}
