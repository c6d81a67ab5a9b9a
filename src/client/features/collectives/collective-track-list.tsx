import { Clock, ListMusic, MessageSquare } from 'lucide-react';
import { type ReactNode, useMemo } from 'react';
import { formatDuration } from '../../../shared/format';
import type { Track } from '../../../shared/schemas/tracks';
import type { TrackReviewSummary } from '../../../shared/schemas/version-review';
import { EmptyState } from '../../components/page-layout';
import { EquipmentChips } from '../../entities/equipment/equipment-chips';
import { LikeButton } from '../../entities/track/like-button';
import { type TrackOwner, toPlayerTrack } from '../../entities/track/player-track';
import { TrackIndexCell, TrackListHeading, TrackTitleCell } from '../../entities/track/track-row-cells';
import { cn } from '../../lib/utils';
import { usePlayFromList } from '../../player/use-play-from-list';
import { SelectTakeBox } from '../compare';
import { TrackMoreMenu, type TrackSelection } from '../tracks';
import { ReviewRowBadges } from '../version-review';

// The last column holds the heart, the comments button (when there is one) and the menu: 44 px
// each on touch screens. The title takes what the kit (two chips and "+N") leaves (decision 0550).
const GRID = {
  // With a tick first (issue 43): 16 px with a mouse, 24 px on touch screens, where the gaps
  // shrink so the title keeps the room it had without the tick (decision 0691).
  selectComments:
    'grid grid-cols-[1rem_2.25rem_minmax(0,1fr)_3rem_6.75rem] items-center gap-3 px-2 pointer-coarse:gap-1 pointer-coarse:px-0 pointer-coarse:grid-cols-[1.5rem_2.25rem_minmax(0,1fr)_3rem_8.25rem] @xl:grid-cols-[1rem_2.25rem_minmax(0,1fr)_11rem_3rem_6.75rem] @xl:pointer-coarse:grid-cols-[1.5rem_2.25rem_minmax(0,1fr)_11rem_3rem_8.25rem]',
  selectPlain:
    'grid grid-cols-[1rem_2.25rem_minmax(0,1fr)_3rem_4.5rem] items-center gap-3 px-2 pointer-coarse:gap-1 pointer-coarse:px-0 pointer-coarse:grid-cols-[1.5rem_2.25rem_minmax(0,1fr)_3rem_5.5rem] @xl:grid-cols-[1rem_2.25rem_minmax(0,1fr)_11rem_3rem_4.5rem] @xl:pointer-coarse:grid-cols-[1.5rem_2.25rem_minmax(0,1fr)_11rem_3rem_5.5rem]',
  comments:
    'grid grid-cols-[2.25rem_minmax(0,1fr)_3rem_6.75rem] items-center gap-3 px-2 pointer-coarse:grid-cols-[2.25rem_minmax(0,1fr)_3rem_8.25rem] @xl:grid-cols-[2.25rem_minmax(0,1fr)_11rem_3rem_6.75rem] @xl:pointer-coarse:grid-cols-[2.25rem_minmax(0,1fr)_11rem_3rem_8.25rem]',
  plain:
    'grid grid-cols-[2.25rem_minmax(0,1fr)_3rem_4.5rem] items-center gap-3 px-2 pointer-coarse:grid-cols-[2.25rem_minmax(0,1fr)_3rem_5.5rem] @xl:grid-cols-[2.25rem_minmax(0,1fr)_11rem_3rem_4.5rem] @xl:pointer-coarse:grid-cols-[2.25rem_minmax(0,1fr)_11rem_3rem_5.5rem]',
};

/**
 * The numbered, read-only track list of a playlist shared into a collective: members play its
 * tracks (the server lets them stream, decision 0012) but only the owner changes the playlist. Each
 * row has its heart, and its More options menu queues or downloads it; `owner` is the playlist
 * owner, as artist. The Liked page lists people's tracks with it too: `owner` per track, named
 * under each title, its own `label` and `empty` state.
 */
export function CollectiveTrackList({
  tracks,
  owner,
  onComments,
  collectiveId,
  label = 'Playlist tracks',
  empty = <EmptyState icon={ListMusic} title="No tracks in this playlist" />,
  reviews,
  selection,
}: {
  tracks: Track[];
  /** Ticks per row, for Compare (issue 43); without it the rows have none. */
  selection?: TrackSelection;
  /** Each track's status and open threads in this collective (issue 44), by track id. */
  reviews?: Map<number, TrackReviewSummary>;
  owner: TrackOwner | ((track: Track) => TrackOwner);
  /** Opens the track's timed comments (issue 14). */
  onComments?: (trackId: number) => void;
  /** The collective the list is in: "Compare versions" shows its comments. */
  collectiveId?: number;
  label?: string;
  empty?: ReactNode;
}) {
  const queue = useMemo(
    () => tracks.map((t) => toPlayerTrack(t, typeof owner === 'function' ? owner(t) : owner)),
    [tracks, owner],
  );
  const { player, play } = usePlayFromList(queue);
  const grid = selection
    ? onComments
      ? GRID.selectComments
      : GRID.selectPlain
    : onComments
      ? GRID.comments
      : GRID.plain;

  if (tracks.length === 0) return empty;

  return (
    <section aria-label="Tracks" className="@container">
      <TrackListHeading grid={grid}>
        {selection && <span />}
        <span className="text-center">#</span>
        <span>Title</span>
        <span className="hidden @xl:block">Equipment</span>
        <Clock className="ml-auto size-4" />
        <span />
      </TrackListHeading>
      <ol aria-label={label} className="mt-1">
        {tracks.map((track, index) => {
          const current = player.currentTrack?.id === track.id;
          const playerTrack = queue[index]!;
          const ticked = selection?.selected.has(track.id) ?? false;
          return (
            <li
              key={track.id}
              className={cn(
                grid,
                'group min-h-12 rounded-md py-1 transition-colors hover:bg-accent/50',
                ticked && 'bg-primary/10 hover:bg-primary/15',
              )}
            >
              {selection && (
                <SelectTakeBox
                  name={track.name}
                  checked={ticked}
                  onToggle={(options) => selection.toggle(track.id, options)}
                  className="justify-self-center"
                />
              )}
              <TrackIndexCell
                track={track}
                index={index}
                current={current}
                playing={current && player.isPlaying}
                onPlay={() => play(playerTrack)}
              />
              <TrackTitleCell
                track={track}
                current={current}
                artist={typeof owner === 'function' ? (playerTrack.artist ?? undefined) : undefined}
                marks={<ReviewRowBadges summary={reviews?.get(track.id)} className="ml-1.5" />}
              />
              <div className="hidden min-w-0 @xl:block">
                <EquipmentChips equipment={track.equipment} max={2} className="flex-nowrap overflow-hidden" />
              </div>
              <span className="text-right text-sm text-muted-foreground tabular-nums">
                {formatDuration(track.duration)}
              </span>
              <div className="flex items-center justify-end">
                <LikeButton
                  trackId={track.id}
                  className="opacity-60 group-hover:opacity-100 focus-visible:opacity-100 aria-pressed:opacity-100"
                />
                {onComments && (
                  <button
                    type="button"
                    aria-label={`Comments on ${track.name}`}
                    className="flex size-8 cursor-pointer items-center justify-center rounded-md text-muted-foreground opacity-60 group-hover:opacity-100 hover:bg-accent focus-visible:opacity-100"
                    onClick={() => onComments(track.id)}
                  >
                    <MessageSquare className="size-4" aria-hidden />
                  </button>
                )}
                <TrackMoreMenu
                  track={playerTrack}
                  collectiveId={collectiveId}
                  className="opacity-60 group-hover:opacity-100 focus-visible:opacity-100"
                />
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
