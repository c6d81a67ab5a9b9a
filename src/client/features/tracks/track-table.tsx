import { Clock } from 'lucide-react';
import { useMemo } from 'react';
import type { Track, TrackSort } from '../../../shared/schemas/tracks';
import { usePlayer } from '../player/use-player';
import { type TrackOwner, toPlayerTrack } from './player-track';
import { TrackRow } from './track-row';

/**
 * The journal's track list (spec section 2). Clicking the current track toggles it; any other
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

  return (
    <div className="overflow-hidden rounded-xl border border-border bg-card/40">
      <table className="w-full table-fixed border-collapse text-left">
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
            <th scope="col" className="hidden w-40 py-2.5 pr-4 font-medium lg:table-cell">
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
        <tbody>
          {tracks.map((track, index) => (
            <TrackRow
              key={track.id}
              track={track}
              owner={owner}
              index={index}
              sort={sort}
              isCurrent={player.currentTrack?.id === track.id}
              isPlaying={player.isPlaying}
              onPlay={() => play(track)}
              onEdit={() => onEdit(track)}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}
