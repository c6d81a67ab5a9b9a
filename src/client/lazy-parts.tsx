import { useToast } from './components/ui/use-toast';
import { lazyDialog } from './lib/lazy-dialog';

/**
 * Parts of the signed-in shell that the first paint does not show, each loaded when first opened
 * (issue 11, decision 0074): their forms, zod schemas, drag-and-drop and Radix dialogs kept the
 * journal's first route over its 150 KB gzip budget.
 */
export const CreateCollectiveDialog = lazyDialog(() =>
  import('./features/collectives/create-collective-dialog').then((m) => m.CreateCollectiveDialog),
);
export const CreatePlaylistDialog = lazyDialog(() =>
  import('./features/playlists/create-playlist-dialog').then((m) => m.CreatePlaylistDialog),
);
/** Radix Toast loads with the first toast; until then there is nothing to show or announce. */
const LoadedToaster = lazyDialog(() => import('./components/ui/toaster').then((m) => m.Toaster));
export function Toaster() {
  const { toasts } = useToast();
  return <LoadedToaster open={toasts.length > 0} />;
}
