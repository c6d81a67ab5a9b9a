import * as SliderPrimitive from '@radix-ui/react-slider';
import type * as React from 'react';
import { cn } from '../../lib/utils';

/** A single-thumb slider; pass `aria-label`, it is forwarded to the thumb (the focusable part). */
export function Slider({
  className,
  'aria-label': ariaLabel,
  ...props
}: React.ComponentProps<typeof SliderPrimitive.Root>) {
  return (
    <SliderPrimitive.Root
      className={cn(
        'group relative flex w-full touch-none items-center select-none data-[disabled]:opacity-50',
        className,
      )}
      {...props}
    >
      <SliderPrimitive.Track className="relative h-1.5 w-full grow cursor-pointer overflow-hidden rounded-full bg-muted group-data-[disabled]:cursor-default">
        <SliderPrimitive.Range className="absolute h-full bg-primary" />
      </SliderPrimitive.Track>
      <SliderPrimitive.Thumb
        aria-label={ariaLabel}
        className="block size-3.5 rounded-full border-2 border-primary bg-background shadow transition-transform focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring group-hover:scale-110"
      />
    </SliderPrimitive.Root>
  );
}
