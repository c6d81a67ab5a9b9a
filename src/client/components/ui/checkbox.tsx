import * as CheckboxPrimitive from '@radix-ui/react-checkbox';
import { Check, Minus } from 'lucide-react';
import type * as React from 'react';
import { cn } from '../../lib/utils';

/**
 * On touch screens an invisible ::after takes the hit area to 44 × 44 px (decision 0365); its
 * insets count from inside the 1 px border.
 */
export function Checkbox({ className, ...props }: React.ComponentProps<typeof CheckboxPrimitive.Root>) {
  return (
    <CheckboxPrimitive.Root
      className={cn(
        'peer size-4 shrink-0 cursor-pointer rounded-sm border border-input pointer-coarse:relative pointer-coarse:after:absolute pointer-coarse:after:-inset-[15px] focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-50 data-[state=checked]:border-primary data-[state=checked]:bg-primary data-[state=checked]:text-primary-foreground data-[state=indeterminate]:border-primary data-[state=indeterminate]:bg-primary data-[state=indeterminate]:text-primary-foreground',
        className,
      )}
      {...props}
    >
      {/* Indeterminate ("some of them", as Select all matching): a dash instead of the tick. */}
      <CheckboxPrimitive.Indicator className="group flex items-center justify-center text-current">
        <Check className="size-3.5 group-data-[state=indeterminate]:hidden" strokeWidth={3} aria-hidden />
        <Minus
          className="hidden size-3.5 group-data-[state=indeterminate]:block"
          strokeWidth={3}
          aria-hidden
        />
      </CheckboxPrimitive.Indicator>
    </CheckboxPrimitive.Root>
  );
}
