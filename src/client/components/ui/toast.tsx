import * as ToastPrimitives from '@radix-ui/react-toast';
import { cva, type VariantProps } from 'class-variance-authority';
import { X } from 'lucide-react';
import type * as React from 'react';
import { TIMINGS } from '../../../shared/constants';
import { cn } from '../../lib/utils';

/** Spec section 9: 5 s per toast, swipe right past 50 px to dismiss; F8 (Radix default) focuses it. */
export function ToastProvider({ children }: { children: React.ReactNode }) {
  return (
    <ToastPrimitives.Provider
      duration={TIMINGS.toastDurationMs}
      swipeDirection="right"
      swipeThreshold={TIMINGS.toastSwipeThresholdPx}
    >
      {children}
    </ToastPrimitives.Provider>
  );
}

export function ToastViewport({
  className,
  ...props
}: React.ComponentProps<typeof ToastPrimitives.Viewport>) {
  return (
    <ToastPrimitives.Viewport
      className={cn(
        'fixed top-0 z-[100] flex max-h-screen w-full flex-col-reverse p-4 sm:top-auto sm:right-0 sm:bottom-24 sm:flex-col md:max-w-[420px]',
        className,
      )}
      {...props}
    />
  );
}

const toastVariants = cva(
  'group pointer-events-auto relative flex w-full items-center justify-between gap-4 overflow-hidden rounded-lg border p-4 pr-8 shadow-xl transition-all data-[swipe=cancel]:translate-x-0 data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)] data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=move]:transition-none data-[state=open]:animate-in-slide',
  {
    variants: {
      variant: {
        default: 'border-border bg-card text-card-foreground',
        destructive: 'destructive border-destructive-solid bg-destructive-solid text-white',
      },
    },
    defaultVariants: { variant: 'default' },
  },
);

export type ToastProps = React.ComponentProps<typeof ToastPrimitives.Root> &
  VariantProps<typeof toastVariants>;

export function Toast({ className, variant, ...props }: ToastProps) {
  return <ToastPrimitives.Root className={cn(toastVariants({ variant }), className)} {...props} />;
}

export type ToastActionElement = React.ReactElement<React.ComponentProps<typeof ToastPrimitives.Action>>;

export function ToastAction({ className, ...props }: React.ComponentProps<typeof ToastPrimitives.Action>) {
  return (
    <ToastPrimitives.Action
      className={cn(
        'inline-flex h-8 shrink-0 items-center justify-center rounded-md border border-border bg-transparent px-3 text-sm font-medium hover:bg-accent group-[.destructive]:border-white/40 group-[.destructive]:hover:bg-white/10',
        className,
      )}
      {...props}
    />
  );
}

export function ToastClose({ className, ...props }: React.ComponentProps<typeof ToastPrimitives.Close>) {
  return (
    <ToastPrimitives.Close
      aria-label="Close"
      className={cn(
        'absolute top-2 right-2 rounded-md p-1 opacity-60 transition-opacity hover:opacity-100 focus:opacity-100 focus:outline-none focus:ring-2 focus:ring-ring',
        className,
      )}
      toast-close=""
      {...props}
    >
      <X className="size-4" aria-hidden />
    </ToastPrimitives.Close>
  );
}

export function ToastTitle({ className, ...props }: React.ComponentProps<typeof ToastPrimitives.Title>) {
  return <ToastPrimitives.Title className={cn('text-sm font-semibold', className)} {...props} />;
}

export function ToastDescription({
  className,
  ...props
}: React.ComponentProps<typeof ToastPrimitives.Description>) {
  return <ToastPrimitives.Description className={cn('text-sm opacity-90', className)} {...props} />;
}
