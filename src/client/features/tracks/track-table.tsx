import { Clock } from 'lucide-react';
import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { localDayKey } from '../../../shared/format';
import type { Track, TrackSort } from '../../../shared/schemas/tracks';
import { TableBody } from '../../components/table-body';
import { CHECKBOX_HIT_LABEL } from '../../components/ui/checkbox-hit';
import { type TrackOwner, toPlayerTrack } from '../../entities/track/player-track';
import { useGridKeys } from '../../lib/use-grid-keys';
import { useMediaQuery } from '../../lib/use-media-query';
import { VIRTUALIZE_FROM } from '../../lib/virtualize-from';
import { usePlayer } from '../../player/use-player';
import { useReviewSummaries } from '../version-review';
import { daysWithSeveralTracks, rowDate } from './track-date';
import { TrackRow } from './track-row';
import { useReceivedTracks } from './use-received-tracks';
import type { TrackSelection } from './use-track-selection';

/** A row's height with one line of title and the equipment chips; rows with notes are measured. */
const ROW_ESTIMATE_PX = 57;
/** On a phone the chips and the date go under the title, with 44 px targets: rows of 150–200 px. */
const PHONE_ROW_ESTIMATE_PX = 150;
const COLUMNS = 6;
// Below Tailwind's `sm` the Equipment column is hidden, below `lg` the date column: their content
// then goes on a second line under the title (decision 0114).
const NO_EQUIPMENT_COLUMN = '(max-width: 39.999rem)';
const NO_DATE_COLUMN = '(max-width: 63.999rem)';

/**
 * The journal's track list (spec section 2). Long journals render only the rows in view
 * (decision 0072); the table still says how many rows it has and where each rendered one is. Clicking the current track toggles it; any other
 * track makes this sorted list the queue and plays from there (spec section 4).
 */
export function TrackTable({
  tracks,
  owner,
  sort,
  onEdit,
  selection,
}: {
  tracks: Track[];
  /** The journal's owner: the artist and artwork of every queued track. */
  owner: TrackOwner;
  sort: TrackSort;
  onEdit: (track: Track) => void;
  /** The journal's multi-select: a checkbox column (issue 23). */
  selection?: TrackSelection;
}) {
  const player = usePlayer();
  const queue = useMemo(() => tracks.map((t) => toPlayerTrack(t, owner)), [tracks, owner]);

  // Each row's status and open threads (issue 44): one request beside the list (decision 0653).
  const reviews = useReviewSummaries(null);
  // Where a guest's file came from (issue 45): one request beside the list too.
  const received = useReceivedTracks(tracks);
  const play = (track: Track) => {
    if (player.currentTrack?.id === track.id) player.togglePlay();
    else player.playTrack(toPlayerTrack(track, owner), queue);
  };
  // One handler of each kind for every row, reading this render's values when called, so a row
  // whose own props did not change is not drawn again (TrackRow is memoized, decision 0932).
  const latest = useRef({ play, onEdit, selection });
  useLayoutEffect(() => {
    latest.current = { play, onEdit, selection };
  });
  const rowHandlers = useMemo(
    () => ({
      play: (track: Track) => latest.current.play(track),
      edit: (track: Track) => latest.current.onEdit(track),
      select: (trackId: number, options: { range: boolean }) =>
        latest.current.selection?.toggle(trackId, options),
    }),
    [],
  );
  const virtualized = tracks.length >= VIRTUALIZE_FROM;
  const sharedDays = useMemo(() => daysWithSeveralTracks(tracks, sort), [tracks, sort]);
  const equipmentBelow = useMediaQuery(NO_EQUIPMENT_COLUMN);
  const dateBelow = useMediaQuery(NO_DATE_COLUMN);
  const secondLine = useMemo(
    () => ({ equipment: equipmentBelow, date: dateBelow }),
    [equipmentBelow, dateBelow],
  );
  const grid = useRef<HTMLTableElement>(null);
  const keys = useGridKeys(grid);

  return (
    <div className="overflow-hidden rounded-xl border border-border bg-card/40">
      {/* A grid (decision 0297): one Tab stop for the whole list, the arrows move inside it. */}
      <table
        ref={grid}
        // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the APG's data grid is a table with role="grid"
        role="grid"
        aria-label="Your tracks"
        aria-multiselectable={selection ? true : undefined}
        className="w-full table-fixed border-collapse text-left"
        aria-rowcount={virtualized ? tracks.length + 1 : undefined}
        onFocus={keys.onFocus}
        onKeyDownCapture={keys.onKeyDownCapture}
      >
        {/* Touch screens: the columns of 44 px buttons are sized to hold them, and the duration
            column is narrower on phones, so the title keeps its width (decision 0365). */}
        <thead>
          <tr className="border-b border-border text-xs tracking-wide text-muted-foreground uppercase">
            {selection && (
              <th
                scope="col"
                className="w-10 py-2.5 pl-3 pointer-coarse:h-12 pointer-coarse:w-12 pointer-coarse:pl-4"
              >
                <SelectAllBox selection={selection} count={tracks.length} />
              </th>
            )}
            <th scope="col" className="w-12 py-2.5 pr-2 pl-3 text-center font-medium pointer-coarse:px-0.5">
              #
            </th>
            <th scope="col" className="py-2.5 pr-4 font-medium">
              Title
            </th>
            {/* Sized for two chips and "+N", the date for its longest day: the title takes the rest. */}
            <th scope="col" className="hidden w-40 py-2.5 pr-3 font-medium sm:table-cell">
              Equipment
            </th>
            <th scope="col" className="hidden w-36 py-2.5 pr-3 font-medium lg:table-cell">
              {sort === 'dateCreated' ? 'Date Created' : 'Date Added'}
            </th>
            <th scope="col" className="w-14 py-2.5 pr-2 text-right font-medium max-sm:w-12">
              <span className="sr-only">Duration</span>
              <Clock className="ml-auto size-4" aria-hidden />
            </th>
            <th
              scope="col"
              className="w-28 py-2.5 pr-3 max-sm:w-20 pointer-coarse:w-[8.5rem] pointer-coarse:pr-1 max-sm:pointer-coarse:w-[5.75rem]"
            >
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <TableBody
          count={tracks.length}
          // The columns shown: a spacer spanning the hidden ones too gave them places in the fixed
          // layout, which took two thirds of the title's width on a phone (decision 0932).
          columns={COLUMNS + (selection ? 1 : 0) - (equipmentBelow ? 1 : 0) - (dateBelow ? 1 : 0)}
          estimateSize={equipmentBelow ? PHONE_ROW_ESTIMATE_PX : ROW_ESTIMATE_PX}
          getKey={(index) => tracks[index]?.id ?? index}
          renderRow={(index, row) => {
            const track = tracks[index] as Track;
            const isCurrent = player.currentTrack?.id === track.id;
            return (
              <TrackRow
                key={track.id}
                rowRef={row.ref}
                rowIndex={row.index}
                track={track}
                owner={owner}
                index={index}
                sort={sort}
                secondLine={secondLine}
                showTime={sharedDays.has(localDayKey(rowDate(track, sort)) ?? '')}
                isCurrent={isCurrent}
                isPlaying={isCurrent && player.isPlaying}
                onPlay={rowHandlers.play}
                onEdit={rowHandlers.edit}
                selected={selection?.selected.has(track.id)}
                onSelect={selection && rowHandlers.select}
                review={reviews.get(track.id)}
                received={received.get(track.id)}
              />
            );
          }}
        />
      </table>
    </div>
  );
}

/** The header's box: ticks every track listed, or clears them; mixed while only some are. */
function SelectAllBox({ selection, count }: { selection: TrackSelection; count: number }) {
  const box = useRef<HTMLInputElement>(null);
  const ticked = selection.selected.size;
  const all = count > 0 && ticked === count;
  useEffect(() => {
    if (box.current) box.current.indeterminate = ticked > 0 && !all;
  }, [ticked, all]);
  return (
    <label className={CHECKBOX_HIT_LABEL}>
      <input
        ref={box}
        type="checkbox"
        aria-label="Select all tracks"
        checked={all}
        onChange={() => (all ? selection.clear() : selection.selectAll())}
        className="size-4 cursor-pointer align-middle accent-primary pointer-coarse:size-6 max-sm:size-6"
      />
    </label>
  );
}
