import type { ReactNode } from 'react';
import { vi } from 'vitest';
import {
  INITIAL_PLAYBACK,
  PlayerContext,
  type PlayerContextValue,
  type PlayerState,
} from '../player/player-context';
import { DEFAULT_PLAYER_SETTINGS } from '../player/player-settings';

/** A player whose controls are spies, to see exactly what a screen asks of it. */
export function fakePlayer(state: Partial<PlayerState> = {}): PlayerContextValue {
  return {
    ...INITIAL_PLAYBACK,
    ...DEFAULT_PLAYER_SETTINGS,
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
    playAll: vi.fn(),
    setUpcoming: vi.fn(),
    clearUpcoming: vi.fn(),
    setMuted: vi.fn(),
    setShuffle: vi.fn(),
    setRepeat: vi.fn(),
    setLevelling: vi.fn(),
  };
}

/** Puts `player` in place of the real one for `children` (inside renderWithProviders' provider). */
export function WithPlayer({ player, children }: { player: PlayerContextValue; children: ReactNode }) {
  return <PlayerContext.Provider value={player}>{children}</PlayerContext.Provider>;
}
