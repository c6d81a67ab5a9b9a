import {
  type ComponentProps,
  type ComponentType,
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useState,
} from 'react';
import { ErrorBoundary } from '../components/error-boundary';
import { toast } from '../components/ui/use-toast';

export const DIALOG_LOAD_FAILED = 'Could not open this: check your connection, then reload the page.';

/**
 * A dialog whose code loads the first time it opens (issue 11, decision 0074): until then it renders
 * nothing and its chunk (forms, zod, Radix dialog) stays off the first route. Once opened it stays
 * mounted, so closing animates as before and a second opening is instant. A chunk that cannot be
 * fetched says so in a toast and leaves the screen as it was (decision 0515), instead of taking
 * the whole app down with it.
 */
// biome-ignore lint/suspicious/noExplicitAny: a component of any props, as React.lazy itself takes
export function lazyDialog<C extends ComponentType<any>>(load: () => Promise<C>) {
  // Typed loosely inside: the returned component's props are the loaded component's own.
  const loadLazily = () =>
    lazy(async () => ({ default: await load() })) as unknown as ComponentType<ComponentProps<C>>;
  let Dialog = loadLazily();
  return function LazyDialog(props: ComponentProps<C> & { open: boolean }) {
    const [wanted, setWanted] = useState(props.open);
    // Failed while open: the next try waits for the next opening, not the next render.
    const [failedOpen, setFailedOpen] = useState(false);
    if (!props.open && failedOpen) setFailedOpen(false);
    // Derived state: the render that first sees `open` starts the load.
    if (props.open && !wanted && !failedOpen) setWanted(true);
    const { onOpenChange } = props as { onOpenChange?: (open: boolean) => void };
    const failed = useCallback(() => {
      // React.lazy keeps a failed load for good: the next opening gets a lazy of its own.
      Dialog = loadLazily();
      setWanted(false);
      setFailedOpen(true);
      onOpenChange?.(false);
    }, [onOpenChange]);
    if (!wanted) return null;
    return (
      <ErrorBoundary fallback={() => <LoadFailed onFailed={failed} />}>
        <Suspense fallback={null}>
          <Dialog {...props} />
        </Suspense>
      </ErrorBoundary>
    );
  };
}

/** Says so, and closes the dialog again so that the next opening is a new try. */
function LoadFailed({ onFailed }: { onFailed: () => void }) {
  useEffect(() => {
    toast({ variant: 'destructive', title: 'Error', description: DIALOG_LOAD_FAILED });
    onFailed();
  }, [onFailed]);
  return null;
}
