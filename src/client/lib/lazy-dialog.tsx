import { type ComponentProps, type ComponentType, lazy, Suspense, useState } from 'react';

/**
 * A dialog whose code loads the first time it opens (issue 11, decision 0074): until then it renders
 * nothing and its chunk (forms, zod, Radix dialog) stays off the first route. Once opened it stays
 * mounted, so closing animates as before and a second opening is instant.
 */
// biome-ignore lint/suspicious/noExplicitAny: a component of any props, as React.lazy itself takes
export function lazyDialog<C extends ComponentType<any>>(load: () => Promise<C>) {
  // Typed loosely inside: the returned component's props are the loaded component's own.
  const Dialog = lazy(async () => ({ default: await load() })) as unknown as ComponentType<ComponentProps<C>>;
  return function LazyDialog(props: ComponentProps<C> & { open: boolean }) {
    const [wanted, setWanted] = useState(props.open);
    // Derived state: the render that first sees `open` starts the load.
    if (props.open && !wanted) setWanted(true);
    if (!wanted) return null;
    return (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    );
  };
}
