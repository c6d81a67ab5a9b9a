import { useEffect } from 'react';
import type { PlayerTrack } from './player-context';
import { usePlayer } from './use-player';

/**
 * The queue keeps copies of tracks as they were queued; a list that refetches while tracks are being
 * processed passes its fresh tracks here, so a queued track that has become playable (or failed)
 * stops being skipped (or starts being) without a reload.
 */
export function useFreshQueue(tracks: readonly PlayerTrack[] | undefined) {
  const { playlist, currentTrack, refreshTrack } = usePlayer();
  useEffect(() => {
    if (!tracks) return;
    const queued = new Map(playlist.map((t) => [t.id, t]));
    if (currentTrack) queued.set(currentTrack.id, currentTrack);
    for (const fresh of tracks) {
      const held = queued.get(fresh.id);
      if (!held) continue;
      const changed =
        held.playable !== fresh.playable ||
        held.processing?.state !== fresh.processing?.state ||
        held.loudness?.integratedLufs !== fresh.loudness?.integratedLufs;
      if (changed) {
        refreshTrack({
          id: fresh.id,
          name: fresh.name,
          playable: fresh.playable,
          processing: fresh.processing,
          loudness: fresh.loudness,
        });
      }
    }
  }, [tracks, playlist, currentTrack, refreshTrack]);
}
