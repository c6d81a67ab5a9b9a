import * as HoverCardPrimitive from '@radix-ui/react-hover-card';
import type * as React from 'react';
import { cn } from '../../lib/utils';

export const HoverCard = HoverCardPrimitive.Root;
export const HoverCardTrigger = HoverCardPrimitive.Trigger;

export function HoverCardContent({
  className,
  align = 'start',
  sideOffset = 6,
  ...props
}: React.ComponentProps<typeof HoverCardPrimitive.Content>) {
  return (
    <HoverCardPrimitive.Portal>
      <HoverCardPrimitive.Content
        align={align}
        sideOffset={sideOffset}
        className={cn(
          'z-50 w-72 rounded-lg border border-border bg-popover p-4 text-popover-foreground shadow-xl outline-none data-[state=open]:animate-in-fade',
          className,
        )}
        {...props}
      />
    </HoverCardPrimitive.Portal>
  );
}
