import { useEffect, useRef } from 'react';
import { PLAYER } from '../../../shared/constants';
import type { PlayerContextValue } from '../../player/player-context';

/** The shortcuts and what they do, for the '?' dialog (one list, so the dialog never lies). */
export const PLAYER_SHORTCUTS = [
  { keys: ['Space'], action: 'Play or pause' },
  { keys: ['←'], action: `Back ${PLAYER.seekStepSeconds} seconds` },
  { keys: ['→'], action: `Forward ${PLAYER.seekStepSeconds} seconds` },
  { keys: ['Shift', '←'], action: 'Previous track' },
  { keys: ['Shift', '→'], action: 'Next track' },
  { keys: ['M'], action: 'Mute or unmute' },
  { keys: ['?'], action: 'Show these shortcuts' },
] as const;

/** The keys a native slider moves its value with; Space, M and ? stay the player's there. */
const SLIDER_KEYS = new Set([
  'ArrowLeft',
  'ArrowRight',
  'ArrowUp',
  'ArrowDown',
  'Home',
  'End',
  'PageUp',
  'PageDown',
]);

/** Where a key press belongs to what has focus: typing, and widgets that read keys themselves. */
function ownsKeys(target: EventTarget | null, key: string): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLInputElement && target.type === 'range') return SLIDER_KEYS.has(key);
  if (target.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"]')) return true;
  // A drag handle (dnd-kit) uses Space and the arrows to lift and move its row; a menu or list
  // box moves between its items with the arrows; a confirmation's buttons keep Space.
  return (
    target.closest(
      '[aria-roledescription="sortable"], [role="menu"], [role="listbox"], [role="alertdialog"]',
    ) !== null
  );
}

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
