import { useEffect, useRef } from 'react';
import { PLAYER } from '../../../shared/constants';
import { ownsKeys } from '../../lib/owns-keys';
import { setMediaSessionOverride } from '../../player/use-media-session';
import type { CompareEngine } from './compare-engine';

/**
 * While the panel is open (issue 43): X switches, Space plays or pauses the comparison, ←/→ seek
 * it; the media keys' next/previous switch and play/pause/seek drive it (decision 0639). Caught
 * before the player's own shortcuts (capture), which then see the key as handled.
 */
export function useCompareKeys(engine: CompareEngine, onSwitch: (pressedAtMs: number) => void) {
  const latest = useRef(onSwitch);
  latest.current = onSwitch;

  useEffect(() => {
    let swallowSpaceUp = false;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (ownsKeys(event.target, event.key)) return;
      const act = (run: () => void) => {
        event.preventDefault();
        event.stopPropagation();
        run();
      };
      switch (event.key) {
        case 'x':
        case 'X':
          return act(() => !event.repeat && latest.current(event.timeStamp));
        case ' ':
        case 'Spacebar':
          swallowSpaceUp = true;
          return act(() => !event.repeat && engine.toggle());
        case 'ArrowLeft':
          if (event.shiftKey) return;
          return act(() => engine.seek(engine.position() - PLAYER.seekStepSeconds));
        case 'ArrowRight':
          if (event.shiftKey) return;
          return act(() => engine.seek(engine.position() + PLAYER.seekStepSeconds));
      }
    };
    const onKeyUp = (event: KeyboardEvent) => {
      if (event.key !== ' ' || !swallowSpaceUp) return;
      swallowSpaceUp = false;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKeyDown, true);
    window.addEventListener('keyup', onKeyUp, true);
    const press = () => latest.current(performance.now());
    setMediaSessionOverride({
      next: press,
      previous: press,
      resume: () => void engine.play(),
      pause: () => engine.pause(),
      togglePlay: () => engine.toggle(),
      seek: (seconds) => engine.seek(seconds),
      now: () => engine.position(),
    });
    return () => {
      window.removeEventListener('keydown', onKeyDown, true);
      window.removeEventListener('keyup', onKeyUp, true);
      setMediaSessionOverride(null);
    };
  }, [engine]);
}
