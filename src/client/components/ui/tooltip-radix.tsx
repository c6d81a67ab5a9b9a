import * as TooltipPrimitive from '@radix-ui/react-tooltip';
import { type ReactElement, useEffect, useRef, useSyncExternalStore } from 'react';
import { TIMINGS } from '../../../shared/constants';
import type { PopupStart } from '../../lib/lazy-popup';
import { cn } from '../../lib/utils';

/**
 * Radix's Provider shares "a tooltip was open a moment ago, open the next one at once" among the
 * tooltips under it. The tooltips arrive lazily (decision 0076), after the app has mounted, so each
 * has its own Provider and this module-wide state does the sharing: spec section 9's 700 ms to
 * open, no delay while one is open or for 300 ms after it closed.
 */
let openCount = 0;
let delayed = true;
let skipTimer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();
const setDelayed = (value: boolean) => {
  delayed = value;
  for (const listener of listeners) listener();
};
function onTooltipOpenChange(open: boolean) {
  clearTimeout(skipTimer);
  openCount = Math.max(0, openCount + (open ? 1 : -1));
  if (open) setDelayed(false);
  else if (openCount === 0) skipTimer = setTimeout(() => setDelayed(true), TIMINGS.tooltipSkipDelayMs);
}
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const getDelayed = () => delayed;

export interface WithTooltipProps {
  label: string;
  side?: 'top' | 'right' | 'bottom' | 'left';
  children: ReactElement;
}

export function RadixWithTooltip({
  label,
  side = 'right',
  children,
  defaultOpen,
}: WithTooltipProps & PopupStart) {
  const isDelayed = useSyncExternalStore(subscribe, getDelayed, getDelayed);
  const open = useRef(false);
  const onOpenChange = (next: boolean) => {
    if (next === open.current) return;
    open.current = next;
    onTooltipOpenChange(next);
  };
  // A tooltip can go while open (its button navigates away): it counts as closing, or the next
  // ones would skip their delay for good.
  useEffect(
    () => () => {
      if (open.current) onTooltipOpenChange(false);
    },
    [],
  );
  return (
    <TooltipPrimitive.Provider delayDuration={TIMINGS.tooltipDelayMs} skipDelayDuration={0}>
      <TooltipPrimitive.Root
        defaultOpen={defaultOpen}
        delayDuration={isDelayed ? TIMINGS.tooltipDelayMs : 0}
        onOpenChange={onOpenChange}
      >
        <TooltipPrimitive.Trigger asChild>{children}</TooltipPrimitive.Trigger>
        <TooltipPrimitive.Portal>
          <TooltipPrimitive.Content
            side={side}
            sideOffset={6}
            className={cn(
              'z-50 rounded-md border border-border bg-popover px-2.5 py-1.5 text-xs font-medium text-popover-foreground shadow-lg data-[state=delayed-open]:animate-in-fade',
            )}
          >
            {label}
          </TooltipPrimitive.Content>
        </TooltipPrimitive.Portal>
      </TooltipPrimitive.Root>
    </TooltipPrimitive.Provider>
  );
}
