import * as PopoverPrimitive from '@radix-ui/react-popover';
import type * as React from 'react';
import { keepKeyboardDown } from '../../lib/touch-focus';
import { cn } from '../../lib/utils';

export const Popover = PopoverPrimitive.Root;
export const PopoverTrigger = PopoverPrimitive.Trigger;

export function PopoverContent({
  className,
  align = 'center',
  sideOffset = 6,
  onOpenAutoFocus,
  ...props
}: React.ComponentProps<typeof PopoverPrimitive.Content>) {
  return (
    <PopoverPrimitive.Portal>
      <PopoverPrimitive.Content
        align={align}
        sideOffset={sideOffset}
        className={cn(
          'z-50 w-64 rounded-lg border border-border bg-popover p-2 text-popover-foreground shadow-xl outline-none data-[state=open]:animate-in-fade',
          className,
        )}
        // The bulk bar's equipment field must not bring the keyboard up on a phone (decision 0365).
        onOpenAutoFocus={(event) => {
          onOpenAutoFocus?.(event);
          keepKeyboardDown(event);
        }}
        {...props}
      />
    </PopoverPrimitive.Portal>
  );
}
