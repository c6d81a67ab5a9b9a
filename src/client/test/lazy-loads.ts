import type { lazy as reactLazy } from 'react';

// Every React.lazy load still in flight in this worker (decision 0922). test-setup.ts gives the
// components React.lazy through trackedLazy, and waits in each file's afterAll for settleLazyLoads.
const inFlight = new Set<Promise<unknown>>();

/** React.lazy, except that its load is counted until it settles. */
export function trackedLazy(lazy: typeof reactLazy): typeof reactLazy {
  return (load) =>
    lazy(() => {
      const loading = load();
      inFlight.add(loading);
      const settled = () => inFlight.delete(loading);
      loading.then(settled, settled);
      return loading;
    });
}

/** Resolves once no lazy load is in flight: a load can start another (a lazy screen's lazy part). */
export async function settleLazyLoads(): Promise<void> {
  while (inFlight.size > 0) {
    await Promise.allSettled([...inFlight]);
    // React renders what arrived in a task of its own, and that render may start the next load.
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
