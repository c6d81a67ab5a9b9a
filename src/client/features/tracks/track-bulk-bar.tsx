import { ChevronDown, Download, Globe, ListPlus, Loader2, Lock, Trash2, X } from 'lucide-react';
import { useState } from 'react';
import { formatCount } from '../../../shared/format';
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
import { BulkEquipmentPopover } from './bulk-equipment-popover';
import { useBulkTrackActions } from './use-bulk-track-actions';

/** Square icons on phones: the five actions and the count fit one row at 390 px. */
const ACTION = 'max-md:size-8 max-md:px-0';

const tracksWord = (n: number) => `${formatCount(n)} ${n === 1 ? 'track' : 'tracks'}`;

/** A button's words, folded into its icon on phones: still its accessible name, never a second one. */
function Label({ children }: { children: string }) {
  return <span className="max-md:sr-only">{children}</span>;
}

/**
 * What can be done to the tracks ticked in the journal (issue 23): add to a playlist, tag or untag
 * equipment, make public or private, download as a zip, delete after one confirmation that names
 * the count. Each is one all-or-nothing request (decision 0275). Loaded with the first tick.
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
  const { act, downloadArchive } = useBulkTrackActions();
  const { data: playlists } = usePlaylists();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const ids = tracks.map((t) => t.id);
  const count = ids.length;
  const busy = act.isPending;

  return (
    <section
      aria-label="Selected tracks"
      className="sticky bottom-3 z-20 mt-3 flex flex-wrap items-center gap-2 max-md:gap-1.5 rounded-xl border border-primary/40 bg-card/95 p-2 shadow-lg backdrop-blur"
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
        description={`Are you sure you want to delete ${count === 1 ? 'this track' : `these ${tracksWord(count)}`}? This action cannot be undone.`}
        confirmLabel={`Delete ${tracksWord(count)}`}
        onConfirm={() => act.mutate({ ids, action: 'delete' })}
      />
    </section>
  );
}
