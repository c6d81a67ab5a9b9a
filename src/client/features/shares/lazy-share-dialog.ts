import { lazyDialog } from '../../lib/lazy-dialog';

export type { ShareItem } from './use-share-links';

/**
 * The Share… dialog, loaded the first time it opens (decision 0074): its forms and lists stay off
 * the first route. Entry points: the track menus' "Share…" item and the playlist header's Share…
 * button (decision 0340).
 */
export const LazyShareDialog = lazyDialog(() => import('./share-dialog').then((m) => m.ShareDialog));
