import { Disc3, Loader2, Music } from 'lucide-react';
import { lazy, Suspense, use, useDeferredValue, useMemo, useState } from 'react';
import { countOf, formatCount } from '../../../shared/format';
import type { Track } from '../../../shared/schemas/tracks';
import { EmptyState, Page } from '../../components/page-layout';
import { toPlayerTrack, trackOwner } from '../../entities/track/player-track';
import { useTrackSort, useTracks } from '../../entities/track/use-tracks';
import { StorageUsage } from '../../entities/user/storage-usage';
import { useAuth } from '../../entities/user/use-auth';
import { lazyDialog } from '../../lib/lazy-dialog';
import { PHONE_SCREEN, useMediaQuery } from '../../lib/use-media-query';
import { cn } from '../../lib/utils';
import { PlayAllButton } from '../../player/play-all-button';
import { useFreshQueue } from '../../player/use-fresh-queue';
import { RequestFilesButton } from '../shares';
import { usePendingDeletes, withoutPendingDeletes } from './pending-deletes';
import { TrackSortSelect } from './track-sort-select';
import { TrackTable } from './track-table';
import { UploadDropZone } from './upload-drop-zone';
import { useFilteredTracks, useTrackFilter } from './use-track-filter';
import { useSelectionKeys, useTrackSelection } from './use-track-selection';

/** The journal's Edit Track dialog (react-hook-form, zod): loaded when a track is first edited. */
const EditTrackDialog = lazyDialog(() => import('./edit-track-dialog').then((m) => m.EditTrackDialog));

/**
 * The filter bar is a chunk of its own (issue 11's budget, decision 0290), requested as soon as
 * this screen's code runs, alongside the tracks; the list waits for it in the same Suspense
 * boundary, so the bar never pushes the rows down after they are shown.
 */
const filterBarChunk = import('./track-filter-bar');
/** Suspends until the filter bar's chunk is in: nothing to draw. */
function FilterBarLoaded() {
  use(filterBarChunk);
  return null;
}
const TrackFilterBar = lazy(() => filterBarChunk.then((m) => ({ default: m.TrackFilterBar })));
/** The bulk actions (menus, popover, zod) load with the first tick (decision 0298). */
const TrackBulkBar = lazy(() => import('./track-bulk-bar').then((m) => ({ default: m.TrackBulkBar })));
const NO_TRACKS: Track[] = [];

const loading = (
  <p role="status" className="flex items-center justify-center gap-2 py-16 text-muted-foreground">
    <Loader2 className="size-4 animate-spin" aria-hidden />
    Loading your tracks...
  </p>
);

/** '/' signed in: Your Music Journal (spec section 2, Journal). */
export function JournalPage() {
  const [sort, setSort] = useTrackSort();
  const journal = useTracks(sort);
  // A filter in the URL shows the server's filtered pages instead of the whole list (decision 0272).
  const [filter, setFilter] = useTrackFilter();
  const found = useFilteredTracks(filter, sort, journal.data);
  const {
    data: loaded,
    isLoading,
    isError,
  } = found.enabled ? { data: found.tracks, isLoading: found.isLoading, isError: found.isError } : journal;
  // Bulk-deleted tracks leave the list at once, while their Undo window runs (decision 0590).
  const pendingDeletes = usePendingDeletes();
  const tracksNow = useMemo(() => withoutPendingDeletes(loaded, pendingDeletes), [loaded, pendingDeletes]);
  // The list follows in a render of its own that React splits into slices, yielding to the browser
  // between them: a query's answer otherwise renders at once and whole, and a phone drew the
  // journal's first rows, then each new answer (the stored copy, then the server's), in one long
  // task each (Lighthouse's blocking time, decision 0932). It follows within a frame or two; until
  // the first rows are in, the list says it is loading rather than showing an empty journal.
  const tracks = useDeferredValue(tracksNow);
  const rowsComing = tracks === undefined && tracksNow !== undefined;
  const [editingId, setEditingId] = useState<number | null>(null);
  // The dialog follows the cached track, so optimistic tag changes show in it at once.
  const editing = (journal.data ?? tracks)?.find((t) => t.id === editingId) ?? null;
  // Every track here is the signed-in user's: they are the artist, their avatar the artwork.
  const { user } = useAuth();
  const owner = useMemo(() => trackOwner(user), [user]);
  const queue = useMemo(() => (tracks ?? []).map((t) => toPlayerTrack(t, owner)), [tracks, owner]);
  useFreshQueue(queue);
  const listed = tracks ?? NO_TRACKS;
  const listedIds = useMemo(() => listed.map((t) => t.id), [listed]);
  const selection = useTrackSelection(listedIds);
  useSelectionKeys(selection);
  // The full drop zone is for a journal known to be empty (decision 0310): while it loads, when it
  // cannot be read, or when a filter finds nothing, the compact bar keeps the first screen for rows.
  const journalEmpty = !found.enabled && journal.data !== undefined && journal.data.length === 0;
  // Phones always get the compact bar (issue 25, decision 0365): nothing is dragged onto a phone,
  // and the full zone filled the first screen; the empty state below says how to add tracks.
  const phone = useMediaQuery(PHONE_SCREEN);
  const ticked = useMemo(
    () => listed.filter((t) => selection.selected.has(t.id)),
    [listed, selection.selected],
  );

  return (
    <Page className="pt-3 sm:pt-5">
      {/* Music first (issue 42, decision 0555): the title, the upload bar and the quota share one
          row, and play, the filters and the sort another, so the first track row starts in the top
          40 % of the screen at 1280 × 800 and on a 390 × 844 phone. */}
      <header className="mb-3 flex flex-wrap items-center gap-x-4 gap-y-2">
        <h1 className="flex items-center gap-2 text-xl font-bold tracking-tight sm:text-2xl">
          <Music className="size-6 text-primary" aria-hidden />
          Your Music Journal
        </h1>
        {/* One instance whichever its look, so uploads in flight and batch summaries survive the switch. */}
        <UploadDropZone
          className="min-w-0 flex-1 basis-72 max-sm:order-1"
          compact={phone || !journalEmpty}
          windowDrop
        />
        {/* Upload links for people without an account (issue 45), the dialog loaded when opened. On
            phones an icon beside the title, so the first row stays in the top 40 % (decision 0555). */}
        <RequestFilesButton className="shrink-0 max-sm:ml-auto" iconOnlyOnPhones />
        <StorageUsage className="shrink-0 max-sm:order-2 max-sm:w-full sm:w-60" />
      </header>

      {/* The bulk bar takes this row's place while tracks are ticked, sticky at the top as a table
          header is: it never covers a row nor moves one (issue 42). */}
      <div
        className={cn(
          'relative mb-3 flex min-h-[3.25rem] flex-wrap items-center gap-2',
          ticked.length > 0 && 'sticky top-0 z-20',
        )}
      >
        <PlayAllButton
          tracks={queue}
          pauseLabel="Pause all"
          className="size-10 shrink-0 rounded-full shadow-lg shadow-primary/20 [&_svg]:size-5"
          playIconClassName="translate-x-0.5"
        />
        {(found.enabled || (journal.data?.length ?? 0) > 0) && (
          <Suspense fallback={<div className="min-w-0 flex-1" />}>
            <TrackFilterBar filter={filter} onChange={setFilter} tracks={journal.data ?? []} />
          </Suspense>
        )}
        <div className="ml-auto flex items-center gap-2">
          <span id="track-sort-label" className="text-sm text-muted-foreground max-sm:sr-only">
            Sort by
          </span>
          <TrackSortSelect value={sort} onValueChange={setSort} labelledBy="track-sort-label" />
        </div>
        {ticked.length > 0 && (
          <Suspense fallback={null}>
            <div className="absolute inset-x-0 top-0 min-h-full bg-background [&>section]:min-h-[3.25rem]">
              <TrackBulkBar tracks={ticked} journal={journal.data ?? listed} onClear={selection.clear} />
            </div>
          </Suspense>
        )}
      </div>

      <Suspense fallback={loading}>
        {/* The list waits for the filter bar's chunk too, so the bar never pushes shown rows down. */}
        <FilterBarLoaded />
        {!rowsComing && found.enabled && found.total !== undefined && found.all !== undefined && (
          <p role="status" className="mb-2 text-sm text-muted-foreground">
            {/* "1,000+" when the server counted up to its cap only (issue 48). */}
            {`${formatCount(found.total)}${found.totalCapped ? '+' : ''} of ${countOf(found.all, 'track')}`}
          </p>
        )}

        {isLoading || rowsComing ? (
          loading
        ) : isError ? (
          <EmptyState icon={Disc3} title="Could not load your tracks" hint="Reload the page to try again." />
        ) : found.enabled && tracks?.length === 0 ? (
          <EmptyState
            icon={Disc3}
            title="No tracks match these filters"
            hint="Change or clear the filters above."
          />
        ) : !tracks || tracks.length === 0 ? (
          <EmptyState
            icon={Disc3}
            title="No tracks in your journal yet"
            hint={
              phone
                ? 'Tap Browse Files above to add your first recordings. They stay private until you make them public.'
                : 'Drop a recording above to start your journal.'
            }
          />
        ) : (
          <TrackTable
            tracks={tracks}
            owner={owner}
            sort={sort}
            onEdit={(track) => setEditingId(track.id)}
            selection={selection}
          />
        )}
      </Suspense>

      <EditTrackDialog
        open={editing !== null}
        track={editing}
        onOpenChange={(open) => !open && setEditingId(null)}
      />
    </Page>
  );
}
