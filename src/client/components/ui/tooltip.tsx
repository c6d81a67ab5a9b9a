import type * as React from 'react';
import { lazyPopup } from '../../lib/lazy-popup';
import type { WithTooltipProps } from './tooltip-radix';

/**
 * Kept so the app and the tests keep one place for tooltip-wide settings; the timings themselves
 * live with the lazily loaded tooltips (tooltip-radix.tsx, decision 0076), which share them.
 */
export function TooltipProvider({ children }: { children: React.ReactNode }) {
  return children;
}

/**
 * One trigger, one text label, on hover and keyboard focus. Radix's tooltip (and floating-ui) load
 * when the trigger is first hovered or focused; until then the trigger is the plain element.
 */
export const WithTooltip = lazyPopup<WithTooltipProps>(
  () => import('./tooltip-radix').then((m) => m.RadixWithTooltip),
  {},
);
