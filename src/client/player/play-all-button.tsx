import { Pause, Play } from 'lucide-react';
import { Button } from '../components/ui/button';
import { cn } from '../lib/utils';
import type { PlayerTrack } from './player-context';
import { usePlayer } from './use-player';

/**
 * The big round button of a track list: plays the list from its first playable track (a random one
 * with shuffle on), the list becoming the queue (spec section 4, issue 10), or pauses while one of
 * its tracks is playing.
 */
export function PlayAllButton({
  tracks,
  pauseLabel = 'Pause',
  className,
  playIconClassName = 'translate-x-px',
}: {
  tracks: PlayerTrack[];
  pauseLabel?: string;
  /** Size and shadow of the button. */
  className?: string;
  /** Nudges the triangle right, where it looks centred in the circle. */
  playIconClassName?: string;
}) {
  const player = usePlayer();
  const playingThis = player.isPlaying && tracks.some((t) => t.id === player.currentTrack?.id);
  const first = tracks[0];

  const playAll = () => {
    if (playingThis) player.pause();
    else player.playAll(tracks);
  };

  return (
    <Button
      size="icon"
      aria-label={playingThis ? pauseLabel : 'Play all'}
      disabled={!first}
      onClick={playAll}
      className={className}
    >
      {playingThis ? (
        <Pause className="fill-current" />
      ) : (
        <Play className={cn(playIconClassName, 'fill-current')} />
      )}
    </Button>
  );
}
