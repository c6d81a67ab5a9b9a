import { lazyDialog } from '../../lib/lazy-dialog';

/** Its form loads when first opened (decision 0074): most menus are opened to queue or download. */
export const LazyNewVersionDialog = lazyDialog(() =>
  import('./new-version-dialog').then((m) => m.NewVersionDialog),
);
