import { Trash2 } from 'lucide-react';
import type { PlaylistDetail } from '../../../shared/schemas/playlists';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/utils';
import { TakesSelectionBar } from '../compare';
import type { TrackSelection } from '../tracks';
import { useRemoveTracks } from './use-playlist-mutations';

/**
 * The owner's playlist while rows are ticked (issue 43): the shared selection bar, with "Remove
 * from playlist" for the ticked rows when the playlist may be edited. The tracks stay in the journal.
 */
export function PlaylistSelectionBar({
  playlist,
  selection,
}: {
  playlist: PlaylistDetail;
  selection: TrackSelection;
}) {
  const remove = useRemoveTracks(playlist.id);
  const ticked = playlist.tracks.filter((t) => selection.selected.has(t.id));
  return (
    <TakesSelectionBar
      ticked={ticked}
      count={playlist.tracks.length}
      onSelectAll={selection.selectAll}
      onClear={selection.clear}
      actions={
        playlist.abilities.edit && (
          <Button
            variant="outline"
            size="sm"
            className={cn('text-destructive hover:text-destructive', 'max-sm:size-11 max-sm:px-0')}
            disabled={remove.isPending}
            onClick={() => {
              remove.mutate(ticked.map((t) => t.id));
              selection.clear();
            }}
          >
            <Trash2 aria-hidden />
            <span className="max-sm:sr-only">Remove from playlist</span>
          </Button>
        )
      }
    />
  );
}
