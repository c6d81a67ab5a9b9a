import { Music } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { formatDuration } from '../../../shared/format';
import type { PlaylistDetail } from '../../../shared/schemas/playlists';
import type { Track } from '../../../shared/schemas/tracks';
import { Button } from '../../components/ui/button';
import { Checkbox } from '../../components/ui/checkbox';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { useAddTracks } from './use-playlist-mutations';
import { useOwnTracks } from './use-playlists';

/**
 * Add Tracks (spec section 2): the user's tracks that are not in the playlist yet, with checkboxes.
 * Adding is optimistic, so the dialog closes at once.
 */
export function AddTracksDialog({
  playlist,
  open,
  onOpenChange,
}: {
  playlist: PlaylistDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [selected, setSelected] = useState<Set<number>>(new Set());
  // Held here, not in the list below, which unmounts as soon as the dialog closes.
  const addTracks = useAddTracks(playlist.id);
  const setOpen = (next: boolean) => {
    if (!next) setSelected(new Set());
    onOpenChange(next);
  };

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>Add Tracks</DialogTitle>
          <DialogDescription>Choose tracks from your journal to add to "{playlist.name}".</DialogDescription>
        </DialogHeader>
        {/* Mounted only while open, so every opening reads the journal afresh. */}
        {open && (
          <TrackChoices
            playlist={playlist}
            selected={selected}
            onSelectedChange={setSelected}
            onAdd={(chosen) => {
              addTracks.mutate(chosen);
              setOpen(false);
            }}
            onCancel={() => setOpen(false)}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function TrackChoices({
  playlist,
  selected,
  onSelectedChange,
  onAdd,
  onCancel,
}: {
  playlist: PlaylistDetail;
  selected: Set<number>;
  onSelectedChange: (next: Set<number>) => void;
  onAdd: (tracks: Track[]) => void;
  onCancel: () => void;
}) {
  const ids = useId();
  const { data: tracks, isLoading, isError } = useOwnTracks();
  const inPlaylist = new Set(playlist.tracks.map((t) => t.id));
  const available = (tracks ?? []).filter((t) => !inPlaylist.has(t.id));
  const chosen = available.filter((t) => selected.has(t.id));

  const toggle = (trackId: number, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(trackId);
    else next.delete(trackId);
    onSelectedChange(next);
  };

  let body: ReactNode;
  if (isLoading) body = <Hint>Loading tracks...</Hint>;
  else if (isError) body = <Hint>Could not load your tracks</Hint>;
  else if (tracks?.length === 0) body = <Hint>No tracks in your journal yet</Hint>;
  else if (available.length === 0) body = <Hint>All your tracks are already in this playlist</Hint>;
  else
    body = (
      <ul aria-label="Your tracks" className="-mx-2 max-h-80 overflow-y-auto">
        {available.map((track) => {
          const id = `${ids}-${track.id}`;
          return (
            <li key={track.id}>
              <label
                htmlFor={id}
                className="flex cursor-pointer items-center gap-3 rounded-md px-2 py-2 hover:bg-accent/60"
              >
                <Checkbox
                  id={id}
                  aria-labelledby={`${id}-name`}
                  checked={selected.has(track.id)}
                  onCheckedChange={(checked) => toggle(track.id, checked === true)}
                />
                <Music className="size-4 shrink-0 text-muted-foreground" aria-hidden />
                <span id={`${id}-name`} className="min-w-0 flex-1 truncate text-sm font-medium">
                  {track.name}
                </span>
                <span className="text-xs text-muted-foreground tabular-nums">
                  {formatDuration(track.duration)}
                </span>
              </label>
            </li>
          );
        })}
      </ul>
    );

  return (
    <>
      {body}
      <DialogFooter>
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button disabled={chosen.length === 0} onClick={() => onAdd(chosen)}>
          Add {chosen.length} Track(s)
        </Button>
      </DialogFooter>
    </>
  );
}

function Hint({ children }: { children: ReactNode }) {
  return <p className="py-6 text-center text-sm text-muted-foreground">{children}</p>;
}
