import { createContext } from 'react';
import { DEFAULT_VOLUME } from '../../../shared/constants';

/** What the player needs of a track; screens pass their richer track objects straight in. */
export interface PlayerTrack {
  id: number;
  name: string;
  mimeType?: string | null;
  /** Seconds, when the server could measure it; the audio element's own value wins once loaded. */
  duration?: number | null;
}

/** The player state of spec section 3. */
export interface PlayerState {
  currentTrack: PlayerTrack | null;
  isPlaying: boolean;
  currentTime: number;
  duration: number;
  /** 0 to 1. */
  volume: number;
  playlist: PlayerTrack[];
}

export interface PlayerControls {
  /** Plays `track`; the current track resumes instead of restarting. `queue` replaces the playlist. */
  playTrack: (track: PlayerTrack, queue?: PlayerTrack[]) => void;
  togglePlay: () => void;
  pause: () => void;
  /** Pauses and rewinds to 0. */
  stop: () => void;
  next: () => void;
  previous: () => void;
  seek: (seconds: number) => void;
  setVolume: (volume: number) => void;
  setPlaylist: (tracks: PlayerTrack[]) => void;
  /** A track was edited: the bar and the queue show its new name. */
  refreshTrack: (track: PlayerTrack) => void;
  /** A track was deleted: it leaves the queue, and if it was playing the player stops and clears. */
  forgetTrack: (id: number) => void;
}

export type PlayerContextValue = PlayerState & PlayerControls;

export const INITIAL_PLAYER_STATE: PlayerState = {
  currentTrack: null,
  isPlaying: false,
  currentTime: 0,
  duration: 0,
  volume: DEFAULT_VOLUME,
  playlist: [],
};

export const PlayerContext = createContext<PlayerContextValue | null>(null);
