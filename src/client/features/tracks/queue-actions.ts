import { toast } from '../../components/ui/use-toast';
import { notPlayableReason } from '../../entities/track/player-track';
import type { PlayerTrack } from '../../player/player-context';
import { usePlayer } from '../../player/use-player';

/** GET /api/tracks/{id}/original: the untouched upload, sent as an attachment under its own name. */
export const originalUrl = (trackId: number) => `/api/tracks/${trackId}/original`;

/**
 * "Play next" and "Add to queue" with their toasts. Queueing waits until the track is playable: a
 * queued copy would be skipped as unplayable even after processing finishes (decision 0053).
 */
export function useQueueActions(track: PlayerTrack) {
  const player = usePlayer();
  return {
    blocked: notPlayableReason(track) !== null,
    playNext: () => {
      player.playNext(track);
      toast({ title: `Playing next: ${track.name}` });
    },
    addToQueue: () => {
      player.addToQueue(track);
      toast({ title: `Added to queue: ${track.name}` });
    },
  };
}
