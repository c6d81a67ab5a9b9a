import { AudioLines, Clock, ListMusic, Pause, Play } from 'lucide-react';
import { formatDuration } from '../../../shared/format';
import type { PlaylistTrack } from '../../../shared/schemas/playlists';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/utils';
import { EquipmentChips } from '../equipment/equipment-chips';
import { usePlayer } from '../player/use-player';
import { EmptyState } from '../shell/page-layout';

const GRID =
  'grid grid-cols-[2.25rem_minmax(0,1fr)_3rem] items-center gap-3 px-2 @xl:grid-cols-[2.25rem_minmax(0,3fr)_minmax(0,2fr)_3rem]';

/** Plays `track` with the whole list as the queue (spec section 4), or pauses it if it is playing. */
export function usePlayFromList(tracks: PlaylistTrack[]) {
  const player = usePlayer();
  return {
    player,
    play: (track: PlaylistTrack) => {
      if (player.currentTrack?.id === track.id && player.isPlaying) player.pause();
      else player.playTrack(track, tracks);
    },
  };
}

/**
 * The numbered, read-only track list of a playlist shared into a collective: members play its
 * tracks (the server lets them stream, decision 0012) but only the owner changes the playlist.
 */
export function CollectiveTrackList({ tracks }: { tracks: PlaylistTrack[] }) {
  const { player, play } = usePlayFromList(tracks);

  if (tracks.length === 0) return <EmptyState icon={ListMusic} title="No tracks in this playlist" />;

  return (
    <section aria-label="Tracks" className="@container">
      <div
        aria-hidden
        className={cn(
          GRID,
          'h-9 border-b border-border text-xs font-medium tracking-wider text-muted-foreground uppercase',
        )}
      >
        <span className="text-center">#</span>
        <span>Title</span>
        <span className="hidden @xl:block">Equipment</span>
        <Clock className="ml-auto size-4" />
      </div>
      <ol aria-label="Playlist tracks" className="mt-2">
        {tracks.map((track, index) => {
          const current = player.currentTrack?.id === track.id;
          const playing = current && player.isPlaying;
          return (
            <li
              key={track.id}
              className={cn(GRID, 'group min-h-12 rounded-md py-1 transition-colors hover:bg-accent/50')}
            >
              <div className="relative flex h-8 items-center justify-center">
                <span
                  className={cn(
                    'text-sm text-muted-foreground tabular-nums group-focus-within:invisible group-hover:invisible',
                    current && 'invisible',
                  )}
                >
                  {index + 1}
                </span>
                {playing && (
                  <AudioLines className="absolute size-4 text-primary group-hover:invisible" aria-hidden />
                )}
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={playing ? `Pause ${track.name}` : `Play ${track.name}`}
                  onClick={() => play(track)}
                  className={cn(
                    'absolute size-8 opacity-0 group-focus-within:opacity-100 group-hover:opacity-100 focus-visible:opacity-100',
                    current && !playing && 'opacity-100',
                  )}
                >
                  {playing ? <Pause className="fill-current" /> : <Play className="fill-current" />}
                </Button>
              </div>
              <div className="min-w-0">
                <p className={cn('truncate text-sm leading-5 font-medium', current && 'text-primary')}>
                  {track.name}
                </p>
                {track.notes && (
                  <p className="truncate text-xs leading-4 text-muted-foreground">{track.notes}</p>
                )}
              </div>
              <div className="hidden min-w-0 @xl:block">
                <EquipmentChips equipment={track.equipment} className="flex-nowrap overflow-hidden" />
              </div>
              <span className="text-right text-sm text-muted-foreground tabular-nums">
                {formatDuration(track.duration)}
              </span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
