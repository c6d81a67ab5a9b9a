import { Disc3, Loader2, Music } from 'lucide-react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { formatCount } from '../../../shared/format';
import type { Track } from '../../../shared/schemas/tracks';
import { EmptyState, Page, PageHeader } from '../../components/page-layout';
import { toPlayerTrack, trackOwner } from '../../entities/track/player-track';
import { useTrackSort, useTracks } from '../../entities/track/use-tracks';
import { StorageUsage } from '../../entities/user/storage-usage';
import { useAuth } from '../../entities/user/use-auth';
import { lazyDialog } from '../../lib/lazy-dialog';
import { PHONE_SCREEN, useMediaQuery } from '../../lib/use-media-query';
import { PlayAllButton } from '../../player/play-all-button';
import { useFreshQueue } from '../../player/use-fresh-queue';
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
    data: tracks,
    isLoading,
    isError,
  } = found.enabled ? { data: found.tracks, isLoading: found.isLoading, isError: found.isError } : journal;
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
    <Page>
      <PageHeader
        icon={Music}
        title="Your Music Journal"
        description="Your recordings, notes and the kit you used."
      />
      {/* One instance whichever its look, so uploads in flight and batch summaries survive the switch. */}
      <UploadDropZone className="mb-3" compact={phone || !journalEmpty} windowDrop />
      <StorageUsage className="mb-6 sm:mb-8" />

      <div className="mb-4 flex flex-wrap items-center justify-between gap-4">
        <PlayAllButton
          tracks={queue}
          pauseLabel="Pause all"
          className="size-14 rounded-full shadow-lg shadow-primary/20 [&_svg]:size-6"
          playIconClassName="translate-x-0.5"
        />
        <div className="flex items-center gap-2">
          <span id="track-sort-label" className="text-sm text-muted-foreground">
            Sort by
          </span>
          <TrackSortSelect value={sort} onValueChange={setSort} labelledBy="track-sort-label" />
        </div>
      </div>

      <Suspense fallback={loading}>
        {(found.enabled || (journal.data?.length ?? 0) > 0) && (
          <TrackFilterBar filter={filter} onChange={setFilter} tracks={journal.data ?? []} />
        )}
        {found.enabled && found.total !== undefined && found.all !== undefined && (
          <p role="status" className="mb-2 text-sm text-muted-foreground">
            {formatCount(found.total)} of {formatCount(found.all)} {found.all === 1 ? 'track' : 'tracks'}
          </p>
        )}

        {isLoading ? (
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
          <>
            <TrackTable
              tracks={tracks}
              owner={owner}
              sort={sort}
              onEdit={(track) => setEditingId(track.id)}
              selection={selection}
            />
            {/* After the list and sticky at the bottom of the view: ticking never moves the rows. */}
            {ticked.length > 0 && (
              <Suspense fallback={null}>
                <TrackBulkBar tracks={ticked} journal={journal.data ?? listed} onClear={selection.clear} />
              </Suspense>
            )}
          </>
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
