import { type ReactNode, useDeferredValue, useId, useMemo, useRef, useState } from 'react';
import { formatCount } from '../../../shared/format';
import type { PlaylistDetail } from '../../../shared/schemas/playlists';
import type { Track } from '../../../shared/schemas/tracks';
import { matchDoc, rankByText } from '../../../shared/track-match';
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
import { Input } from '../../components/ui/input';
import { useOwnTracks } from '../../entities/playlist/use-playlists';
import { cn } from '../../lib/utils';
import { VIRTUALIZE_FROM } from '../../lib/virtualize-from';
import { TrackChoiceList } from './track-choice-list';
import { useAddTracks } from './use-playlist-mutations';

/** Marks the filter field, so Escape there clears the text before it closes the dialog. */
const FILTER_ATTR = 'data-add-tracks-filter';

/**
 * Add Tracks (spec section 2): the user's tracks that are not in the playlist yet, with checkboxes,
 * a filter and "Select all matching" (issue 23, decision 0305). Adding is optimistic, so the dialog
 * closes at once; it is one bulk request whatever the number of tracks.
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
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [query, setQuery] = useState('');
  // Held here, not in the list below, which unmounts as soon as the dialog closes.
  const addTracks = useAddTracks(playlist.id);
  const setOpen = (next: boolean) => {
    if (!next) {
      setSelected(new Set());
      setQuery('');
    }
    onOpenChange(next);
  };

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogContent
        className="max-w-xl"
        onEscapeKeyDown={(event) => {
          if (query && event.target instanceof Element && event.target.hasAttribute(FILTER_ATTR)) {
            event.preventDefault();
            setQuery('');
          }
        }}
      >
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
            query={query}
            onQueryChange={setQuery}
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
  query,
  onQueryChange,
  onAdd,
  onCancel,
}: {
  playlist: PlaylistDetail;
  selected: ReadonlySet<number>;
  onSelectedChange: (next: ReadonlySet<number>) => void;
  query: string;
  onQueryChange: (query: string) => void;
  onAdd: (tracks: Track[]) => void;
  onCancel: () => void;
}) {
  const ids = useId();
  const scrollBox = useRef<HTMLDivElement>(null);
  const { data: tracks, isLoading, isError } = useOwnTracks();
  // Each track's text folded once per read of the journal, not once per key typed.
  const available = useMemo(() => {
    const inPlaylist = new Set(playlist.tracks.map((t) => t.id));
    return (tracks ?? [])
      .filter((t) => !inPlaylist.has(t.id))
      .map((track) => ({ track, doc: matchDoc(track) }));
  }, [tracks, playlist.tracks]);
  // Typing stays responsive with a thousand rows: the list follows when React has time.
  const shownQuery = useDeferredValue(query);
  // Best first, as the journal's filter lists them (issue 42, decision 0570).
  const matching = useMemo(
    () => rankByText(available, shownQuery, ({ doc }) => doc).map(({ track }) => track),
    [available, shownQuery],
  );
  // Selected tracks hidden by the filter stay selected (the count says so) and are added too.
  const chosen = available.filter(({ track }) => selected.has(track.id)).map(({ track }) => track);
  const chosenMatching = matching.reduce((n, track) => n + (selected.has(track.id) ? 1 : 0), 0);
  const allMatching = matching.length > 0 && chosenMatching === matching.length;

  const change = (trackIds: readonly number[], on: boolean) => {
    const next = new Set(selected);
    for (const id of trackIds) {
      if (on) next.add(id);
      else next.delete(id);
    }
    onSelectedChange(next);
  };

  let list: ReactNode;
  if (isLoading) list = <Hint>Loading tracks...</Hint>;
  else if (isError) list = <Hint>Could not load your tracks</Hint>;
  else if (tracks?.length === 0) list = <Hint>No tracks in your journal yet</Hint>;
  else if (available.length === 0) list = <Hint>All your tracks are already in this playlist</Hint>;
  else if (matching.length === 0) list = <Hint>No tracks match “{shownQuery.trim()}”</Hint>;
  else
    list = (
      // A virtualised list is only as tall as the rows it renders, and renders what fits in this box:
      // the box needs a height of its own then (a max-height alone collapses it to nothing).
      <div
        ref={scrollBox}
        className={cn('-mx-2 overflow-y-auto', matching.length >= VIRTUALIZE_FROM ? 'h-80' : 'max-h-80')}
      >
        <TrackChoiceList tracks={matching} selected={selected} onToggle={(id, on) => change([id], on)} />
      </div>
    );

  return (
    <>
      {/* There from the start (the dialog focuses it on opening), unless there is nothing to filter. */}
      {(isLoading || available.length > 0) && (
        <>
          <label htmlFor={`${ids}-filter`} className="sr-only">
            Filter tracks
          </label>
          <Input
            id={`${ids}-filter`}
            type="search"
            {...{ [FILTER_ATTR]: '' }}
            placeholder="Filter by name, notes or equipment"
            autoComplete="off"
            value={query}
            onChange={(e) => {
              onQueryChange(e.target.value);
              // A new filter starts at its first match.
              if (scrollBox.current) scrollBox.current.scrollTop = 0;
            }}
          />
        </>
      )}
      {available.length > 0 && (
        <div className="flex items-center justify-between gap-3 text-sm">
          <label htmlFor={`${ids}-all`} className="flex cursor-pointer items-center gap-3 font-medium">
            <Checkbox
              id={`${ids}-all`}
              disabled={matching.length === 0}
              checked={allMatching ? true : chosenMatching > 0 ? 'indeterminate' : false}
              onCheckedChange={() =>
                change(
                  matching.map((t) => t.id),
                  !allMatching,
                )
              }
            />
            Select all matching
          </label>
          <p role="status" className="text-xs text-muted-foreground tabular-nums">
            {shownQuery.trim() && `${formatCount(matching.length)} matching · `}
            {formatCount(chosen.length)} of {formatCount(available.length)} selected
          </p>
        </div>
      )}
      {list}
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
