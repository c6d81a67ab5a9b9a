import type { PlayerTrack } from './player-context';
import { useFreshQueue } from './use-fresh-queue';
import { usePlayer } from './use-player';

/**
 * Plays `track` with the whole list as the queue (spec section 4), or pauses it if it is playing.
 * A paused current track goes through playTrack too, so resuming it also makes this list the queue.
 */
export function usePlayFromList<T extends PlayerTrack>(tracks: T[]) {
  const player = usePlayer();
  useFreshQueue(tracks);
  return {
    player,
    play: (track: T) => {
      if (player.currentTrack?.id === track.id && player.isPlaying) player.pause();
      else player.playTrack(track, tracks);
    },
  };
}
