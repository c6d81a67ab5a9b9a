import { useEffect, useRef } from 'react';
import { PLAYER } from '../../../shared/constants';
import { ownsKeys } from '../../lib/owns-keys';
import type { PlayerContextValue } from '../../player/player-context';

/** The shortcuts and what they do, for the '?' dialog (one list, so the dialog never lies). */
export const PLAYER_SHORTCUTS = [
  { keys: ['Space'], action: 'Play or pause' },
  { keys: ['←'], action: `Back ${PLAYER.seekStepSeconds} seconds` },
  { keys: ['→'], action: `Forward ${PLAYER.seekStepSeconds} seconds` },
  { keys: ['Shift', '←'], action: 'Previous track' },
  { keys: ['Shift', '→'], action: 'Next track' },
  { keys: ['M'], action: 'Mute or unmute' },
  { keys: ['X'], action: 'Switch between A and B while comparing' },
  { keys: ['?'], action: 'Show these shortcuts' },
] as const;

/**
 * Keyboard shortcuts anywhere outside text fields (issue 10): Space play/pause, ←/→ seek 5 s,
 * Shift+←/→ previous/next, M mute, ? the list. Never with Ctrl, Meta or Alt (browser and system
 * shortcuts), and not for a key something else already handled (a slider's arrows). Space is
 * taken from a focused button too: it would otherwise also click it on key up.
 */
export function usePlayerShortcuts(player: PlayerContextValue, showHelp: () => void) {
  const latest = useRef({ player, showHelp });
  latest.current = { player, showHelp };

  useEffect(() => {
    let swallowSpaceUp = false;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (ownsKeys(event.target, event.key)) return;
      const { player, showHelp } = latest.current;
      const hasTrack = player.currentTrack !== null;
      const act = (run: () => void) => {
        event.preventDefault();
        run();
      };
      if (event.key === '?') return act(showHelp);
      if (!hasTrack) return;
      switch (event.key) {
        case ' ':
        case 'Spacebar':
          swallowSpaceUp = true;
          // Held down, it repeats: one toggle per press.
          return act(() => !event.repeat && player.togglePlay());
        case 'ArrowLeft':
          return act(() =>
            event.shiftKey ? player.previous() : player.seek(player.currentTime - PLAYER.seekStepSeconds),
          );
        case 'ArrowRight':
          return act(() =>
            event.shiftKey ? player.next() : player.seek(player.currentTime + PLAYER.seekStepSeconds),
          );
        case 'm':
        case 'M':
          return act(() => player.setMuted(!player.muted));
      }
    };
    // A button is activated by Space on key up: cancelling that too is what keeps it unclicked.
    const onKeyUp = (event: KeyboardEvent) => {
      if (event.key !== ' ' || !swallowSpaceUp) return;
      swallowSpaceUp = false;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKeyDown);
    window.addEventListener('keyup', onKeyUp);
    return () => {
      window.removeEventListener('keydown', onKeyDown);
      window.removeEventListener('keyup', onKeyUp);
    };
  }, []);
}
