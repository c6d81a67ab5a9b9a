import type * as React from 'react';
import { cn } from '../../lib/utils';

/**
 * Touch screens (decision 0365): 44 px tall, and 16 px text, below which iOS zooms the page into a
 * field when it is focused.
 */
export function Input({ className, type = 'text', ...props }: React.ComponentProps<'input'>) {
  return (
    <input
      type={type}
      className={cn(
        'flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-sm pointer-coarse:h-11 pointer-coarse:text-base placeholder:text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive',
        className,
      )}
      {...props}
    />
  );
}
