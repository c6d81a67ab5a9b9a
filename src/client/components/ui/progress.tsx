import type * as React from 'react';
import { cn } from '../../lib/utils';

/**
 * A horizontal bar for 0 to 100: role progressbar with aria-valuenow, -valuemin, -valuemax and a
 * percentage as aria-valuetext, as Radix Progress renders them. Plain markup rather than Radix:
 * the bar is on the journal's first route, and the primitive cost it a kilobyte of its 150 KB
 * gzip budget for nothing an element's attributes do not give.
 */
export function Progress({
  className,
  value,
  ...props
}: Omit<React.ComponentProps<'div'>, 'children'> & { value?: number | null }) {
  const percent = Math.min(100, Math.max(0, value ?? 0));
  return (
    <div
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={`${Math.round(percent)}%`}
      className={cn('relative h-2 w-full overflow-hidden rounded-full bg-muted', className)}
      {...props}
    >
      <div className="h-full bg-primary transition-[width] duration-200" style={{ width: `${percent}%` }} />
    </div>
  );
}
