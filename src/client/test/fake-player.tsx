import type { ReactNode } from 'react';
import { vi } from 'vitest';
import {
  INITIAL_PLAYER_STATE,
  PlayerContext,
  type PlayerContextValue,
  type PlayerState,
} from '../features/player/player-context';

/** A player whose controls are spies, to see exactly what a screen asks of it. */
export function fakePlayer(state: Partial<PlayerState> = {}): PlayerContextValue {
  return {
    ...INITIAL_PLAYER_STATE,
    ...state,
    playTrack: vi.fn(),
    togglePlay: vi.fn(),
    pause: vi.fn(),
    stop: vi.fn(),
    next: vi.fn(),
    previous: vi.fn(),
    seek: vi.fn(),
    setVolume: vi.fn(),
    setPlaylist: vi.fn(),
    refreshTrack: vi.fn(),
    forgetTrack: vi.fn(),
    playNext: vi.fn(),
    addToQueue: vi.fn(),
    removeFromQueue: vi.fn(),
    moveInQueue: vi.fn(),
  };
}

/** Puts `player` in place of the real one for `children` (inside renderWithProviders' provider). */
export function WithPlayer({ player, children }: { player: PlayerContextValue; children: ReactNode }) {
  return <PlayerContext.Provider value={player}>{children}</PlayerContext.Provider>;
}
