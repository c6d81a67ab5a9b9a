import { useEffect, useRef } from 'react';
import { shareListensPath } from '../../../shared/share-listens';
import { attachListenReporter, listenerId } from '../../lib/listen-reporter';
import { usePlayerAudio } from '../../player/player-audio-context';
import { usePlayer } from '../../player/use-player';

/**
 * `/s/{token}` reports what the app's player plays of this link's tracks (issue 45, decision 0721):
 * only while the player's current track is one of them; anything else it plays is nobody's business.
 */
export function useListenReporting(token: string, trackIds: readonly number[]) {
  const audio = usePlayerAudio();
  const { currentTrack } = usePlayer();
  // Read by the reporter when a span starts: the latest values, without re-attaching it.
  const now = useRef({ currentId: currentTrack?.id, trackIds });
  now.current = { currentId: currentTrack?.id, trackIds };

  useEffect(() => {
    if (!audio) return;
    const url = shareListensPath(token);
    return attachListenReporter({
      audio,
      listenerId: listenerId(),
      target: () => {
        const { currentId, trackIds: ids } = now.current;
        return currentId !== undefined && ids.includes(currentId) ? { url, trackId: currentId } : null;
      },
    });
  }, [audio, token]);
}

/** A download through the link, counted as this browser's (decision 0724). */
export const downloadUrlOf = (url: string) =>
  `${url}${url.includes('?') ? '&' : '?'}listener=${listenerId()}`;
