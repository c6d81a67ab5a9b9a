import { Clock } from 'lucide-react';
import { useMemo } from 'react';
import { localDayKey } from '../../../shared/format';
import type { Track, TrackSort } from '../../../shared/schemas/tracks';
import { TableBody } from '../../components/table-body';
import { useMediaQuery } from '../../lib/use-media-query';
import { VIRTUALIZE_FROM } from '../../lib/virtualize-from';
import { usePlayer } from '../player/use-player';
import { type TrackOwner, toPlayerTrack } from './player-track';
import { daysWithSeveralTracks, rowDate } from './track-date';
import { TrackRow } from './track-row';

/** A row's height with one line of title and the equipment chips; rows with notes are measured. */
const ROW_ESTIMATE_PX = 57;
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
}: {
  tracks: Track[];
  /** The journal's owner: the artist and artwork of every queued track. */
  owner: TrackOwner;
  sort: TrackSort;
  onEdit: (track: Track) => void;
}) {
  const player = usePlayer();
  const queue = useMemo(() => tracks.map((t) => toPlayerTrack(t, owner)), [tracks, owner]);

  const play = (track: Track) => {
    if (player.currentTrack?.id === track.id) player.togglePlay();
    else player.playTrack(toPlayerTrack(track, owner), queue);
  };
  const virtualized = tracks.length >= VIRTUALIZE_FROM;
  const sharedDays = useMemo(() => daysWithSeveralTracks(tracks, sort), [tracks, sort]);
  const equipmentBelow = useMediaQuery(NO_EQUIPMENT_COLUMN);
  const dateBelow = useMediaQuery(NO_DATE_COLUMN);

  return (
    <div className="overflow-hidden rounded-xl border border-border bg-card/40">
      <table
        className="w-full table-fixed border-collapse text-left"
        aria-rowcount={virtualized ? tracks.length + 1 : undefined}
      >
        <thead>
          <tr className="border-b border-border text-xs tracking-wide text-muted-foreground uppercase">
            <th scope="col" className="w-12 py-2.5 pr-2 pl-3 text-center font-medium">
              #
            </th>
            <th scope="col" className="py-2.5 pr-4 font-medium">
              Title
            </th>
            <th scope="col" className="hidden w-[34%] py-2.5 pr-4 font-medium sm:table-cell">
              Equipment
            </th>
            <th scope="col" className="hidden w-52 py-2.5 pr-4 font-medium lg:table-cell">
              {sort === 'dateCreated' ? 'Date Created' : 'Date Added'}
            </th>
            <th scope="col" className="w-16 py-2.5 pr-2 text-right font-medium">
              <span className="sr-only">Duration</span>
              <Clock className="ml-auto size-4" aria-hidden />
            </th>
            <th scope="col" className="w-20 py-2.5 pr-3">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <TableBody
          count={tracks.length}
          columns={COLUMNS}
          estimateSize={ROW_ESTIMATE_PX}
          getKey={(index) => tracks[index]?.id ?? index}
          renderRow={(index, row) => {
            const track = tracks[index] as Track;
            return (
              <TrackRow
                key={track.id}
                rowRef={row.ref}
                rowIndex={row.index}
                track={track}
                owner={owner}
                index={index}
                sort={sort}
                secondLine={{ equipment: equipmentBelow, date: dateBelow }}
                showTime={sharedDays.has(localDayKey(rowDate(track, sort)) ?? '')}
                isCurrent={player.currentTrack?.id === track.id}
                isPlaying={player.isPlaying}
                onPlay={() => play(track)}
                onEdit={() => onEdit(track)}
              />
            );
          }}
        />
      </table>
    </div>
  );
}
