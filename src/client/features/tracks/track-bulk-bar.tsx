import {
  ChevronDown,
  Download,
  GitCompareArrows,
  Globe,
  ListPlus,
  Loader2,
  Lock,
  Trash2,
  X,
} from 'lucide-react';
import { useState } from 'react';
import { TIMINGS } from '../../../shared/constants';
import { countOf, formatCount } from '../../../shared/format';
import type { Track } from '../../../shared/schemas/tracks';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Button } from '../../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu';
import { usePlaylists } from '../../entities/playlist/use-playlists';
import { cn } from '../../lib/utils';
import { useCompare } from '../compare';
import { BulkEquipmentPopover } from './bulk-equipment-popover';
import { useBulkTrackActions } from './use-bulk-track-actions';

/** Square icons on phones: the five actions and the count fit one row at 390 px. */
const ACTION = 'max-md:size-8 max-md:px-0';

const tracksWord = (n: number) => countOf(n, 'track');

/** A button's words, folded into its icon on phones: still its accessible name, never a second one. */
function Label({ children }: { children: string }) {
  return <span className="max-md:sr-only">{children}</span>;
}

/**
 * What can be done to the tracks ticked in the journal (issue 23): add to a playlist, tag or untag
 * equipment, make public or private, download as a zip, delete after one confirmation that names
 * the count (then Undo for 10 s, decision 0590). Each is one all-or-nothing request (decision 0275).
 * Loaded with the first tick.
 */
export function TrackBulkBar({
  tracks,
  journal,
  onClear,
}: {
  /** The ticked tracks, in the list's order. */
  tracks: Track[];
  /** Every track of the journal: its equipment is offered first when tagging. */
  journal: Track[];
  onClear: () => void;
}) {
  const { act, deleteWithUndo, downloadArchive } = useBulkTrackActions();
  const { data: playlists } = usePlaylists();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const ids = tracks.map((t) => t.id);
  const count = ids.length;
  const busy = act.isPending;
  const compare = useCompare();
  // Any two takes (issue 43): each slot starts on its track's current version.
  const pair = count === 2 && compare.available ? tracks : null;

  return (
    <section
      aria-label="Selected tracks"
      className="flex flex-wrap items-center gap-2 max-md:gap-1.5 rounded-xl border border-primary/40 bg-card p-2 shadow-lg"
    >
      <Button variant="ghost" size="icon" className="size-8" aria-label="Clear selection" onClick={onClear}>
        <X aria-hidden />
      </Button>
      <p role="status" className="mr-auto text-sm font-medium">
        {formatCount(count)} selected
        {busy && <Loader2 className="ml-2 inline size-4 animate-spin" aria-label="Working" />}
      </p>

      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="outline" size="sm" className={ACTION} disabled={busy}>
            <ListPlus aria-hidden />
            <Label>Add to playlist</Label>
            <ChevronDown aria-hidden className="max-md:hidden" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="max-h-72 overflow-y-auto">
          {playlists && playlists.length > 0 ? (
            playlists.map((playlist) => (
              <DropdownMenuItem
                key={playlist.id}
                onSelect={() => act.mutate({ ids, action: 'addToPlaylist', playlistId: playlist.id })}
              >
                <span className="truncate">{playlist.name}</span>
              </DropdownMenuItem>
            ))
          ) : (
            <DropdownMenuItem disabled>No playlists yet: create one in the sidebar</DropdownMenuItem>
          )}
        </DropdownMenuContent>
      </DropdownMenu>

      <BulkEquipmentPopover
        tracks={tracks}
        journal={journal}
        disabled={busy}
        triggerClassName={ACTION}
        onAdd={(equipmentIds) => act.mutate({ ids, action: 'addEquipment', equipmentIds })}
        onRemove={(equipmentIds) => act.mutate({ ids, action: 'removeEquipment', equipmentIds })}
      />

      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="outline" size="sm" className={ACTION} disabled={busy}>
            <Globe aria-hidden />
            <Label>Visibility</Label>
            <ChevronDown aria-hidden className="max-md:hidden" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem
            onSelect={() => act.mutate({ ids, action: 'setVisibility', visibility: 'public' })}
          >
            <Globe aria-hidden />
            Make public
          </DropdownMenuItem>
          <DropdownMenuItem
            onSelect={() => act.mutate({ ids, action: 'setVisibility', visibility: 'private' })}
          >
            <Lock aria-hidden />
            Make private
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>

      {pair && (
        <Button
          variant="outline"
          size="sm"
          className={cn(ACTION, 'max-2xl:px-2')}
          title="Compare the two"
          onClick={() =>
            compare.open({
              takes: [
                { trackId: pair[0]!.id, name: pair[0]!.name },
                { trackId: pair[1]!.id, name: pair[1]!.name },
              ],
            })
          }
        >
          <GitCompareArrows aria-hidden />
          {/* Words only on wide screens: with it the bar would take two rows beside the sidebars. */}
          <span className="max-2xl:sr-only">Compare</span>
        </Button>
      )}

      <Button
        variant="outline"
        size="sm"
        className={ACTION}
        disabled={downloadArchive.isPending}
        onClick={() => downloadArchive.mutate(ids)}
      >
        {downloadArchive.isPending ? (
          <Loader2 className="animate-spin" aria-hidden />
        ) : (
          <Download aria-hidden />
        )}
        <Label>Download as zip</Label>
      </Button>

      <Button
        variant="outline"
        size="sm"
        disabled={busy}
        className={cn(ACTION, 'text-destructive hover:text-destructive')}
        onClick={() => setConfirmDelete(true)}
      >
        <Trash2 aria-hidden />
        <Label>Delete</Label>
      </Button>
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title={`Delete ${tracksWord(count)}?`}
        description={`Are you sure you want to delete ${count > 1 ? `these ${tracksWord(count)}` : 'this track'}? You can undo this for ${TIMINGS.bulkDeleteUndoMs / 1000} seconds.`}
        confirmLabel={`Delete ${tracksWord(count)}`}
        onConfirm={() => {
          deleteWithUndo(ids);
          onClear();
        }}
      />
    </section>
  );
}
