import { lazy } from 'react';

/** The owner's heat strip (decision 0727), its own chunk: the track page's first load does without it. */
export const LazyListenHeatStrip = lazy(() =>
  import('./listen-heat-strip').then((m) => ({ default: m.ListenHeatStrip })),
);
