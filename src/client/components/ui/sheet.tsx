import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type * as React from 'react';
import { keepKeyboardDown } from '../../lib/touch-focus';
import { cn } from '../../lib/utils';

// A sheet is a Radix dialog pinned to one edge of the screen (a drawer): same focus trap, Escape and
// outside-click dismissal, and nested dialogs opened from inside it stack on top as usual.

export const Sheet = DialogPrimitive.Root;
export const SheetTrigger = DialogPrimitive.Trigger;
export const SheetClose = DialogPrimitive.Close;

const SIDES = {
  left: 'inset-y-0 left-0 border-r data-[state=open]:animate-in-left data-[state=closed]:animate-out-left',
  right:
    'inset-y-0 right-0 border-l data-[state=open]:animate-in-right data-[state=closed]:animate-out-right',
  bottom:
    'inset-x-0 bottom-0 h-auto max-h-[85dvh] w-full rounded-t-xl border-t data-[state=open]:animate-in-up data-[state=closed]:animate-out-down',
} as const;

export function SheetContent({
  side = 'left',
  className,
  children,
  onOpenAutoFocus,
  ...props
}: React.ComponentProps<typeof DialogPrimitive.Content> & { side?: keyof typeof SIDES }) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/60 data-[state=open]:animate-in-fade data-[state=closed]:animate-out-fade motion-reduce:animate-none" />
      <DialogPrimitive.Content
        className={cn(
          'fixed z-50 flex h-dvh w-[min(20rem,calc(100%-3.5rem))] flex-col border-border bg-sidebar text-foreground shadow-2xl shadow-black/50 outline-none motion-reduce:animate-none',
          SIDES[side],
          className,
        )}
        // A drawer's filter field must not bring the keyboard up on a phone (decision 0365).
        onOpenAutoFocus={(event) => {
          onOpenAutoFocus?.(event);
          keepKeyboardDown(event);
        }}
        {...props}
      >
        {children}
        {/* Centred on the 3.5rem header row the shell's panels start with. */}
        <DialogPrimitive.Close className="absolute top-3.5 right-3 flex size-7 cursor-pointer pointer-coarse:top-1.5 pointer-coarse:right-1.5 pointer-coarse:size-11 items-center justify-center rounded-md text-muted-foreground transition-colors hover:bg-accent hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
          <X className="size-4" aria-hidden />
          <span className="sr-only">Close</span>
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function SheetTitle({ className, ...props }: React.ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn('text-base font-semibold', className)} {...props} />;
}

export function SheetDescription({
  className,
  ...props
}: React.ComponentProps<typeof DialogPrimitive.Description>) {
  return (
    <DialogPrimitive.Description className={cn('text-sm text-muted-foreground', className)} {...props} />
  );
}
