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
export const ShortcutsDialog = lazyDialog(() =>
  import('./features/player-bar/shortcuts-dialog').then((m) => m.ShortcutsDialog),
);
/** The queue sheet's content (dnd-kit for reordering): rendered once the queue is first opened. */
export const QueuePanel = lazyDialog(() =>
  import('./features/player-bar/queue-panel').then((m) => m.QueuePanel),
);
/** The journal's Edit Track dialog (react-hook-form, zod): loaded when a track is first edited. */
export const EditTrackDialog = lazyDialog(() =>
  import('./features/tracks/edit-track-dialog').then((m) => m.EditTrackDialog),
);
/** Radix Toast loads with the first toast; until then there is nothing to show or announce. */
const LoadedToaster = lazyDialog(() => import('./components/ui/toaster').then((m) => m.Toaster));
export function Toaster() {
  const { toasts } = useToast();
  return <LoadedToaster open={toasts.length > 0} />;
}
/** Search (Radix Dialog, result list): loaded on the first ⌘K or click on the search box. */
export const SearchDialog = lazyDialog(() =>
  import('./features/search/search-dialog').then((m) => m.SearchDialog),
);
