import { createContext } from 'react';
import type { RepeatMode } from '../../shared/constants';
import type { TrackLoudness, TrackProcessing, TrackVisibility } from '../../shared/schemas/tracks';

/** What the player needs of a track; screens pass their richer track objects straight in. */
export interface PlayerTrack {
  id: number;
  name: string;
  mimeType?: string | null;
  /** Seconds, when the server could measure it; the audio element's own value wins once loaded. */
  duration?: number | null;
  /** False while the server has nothing a browser can play yet (processing) or never will (failed). */
  playable?: boolean;
  processing?: TrackProcessing;
  loudness?: TrackLoudness | null;
  /** The owner; with no `artist`, the Media Session names the signed-in user when it is theirs. */
  userId?: string;
  /** Media Session artist: the owner's display name. */
  artist?: string | null;
  /** Media Session artwork: the playlist cover or the owner's avatar. */
  artworkUrl?: string | null;
  /** Its current version number: above 1, it has earlier versions to compare with (issue 43). */
  version?: number;
  /** Whether its link opens for anyone (decision 0140); menus say so when they copy it. */
  visibility?: TrackVisibility;
  /**
   * Where its audio and peaks come from when not the track's own routes: a share link's
   * token-scoped ones (decision 0335). Left out: `/api/tracks/{id}/stream` and `/waveform`.
   * A `peaksUrl` of null: no peaks yet.
   */
  streamUrl?: string;
  peaksUrl?: string | null;
}

/** The player state of spec section 3. */
export interface PlayerState {
  currentTrack: PlayerTrack | null;
  isPlaying: boolean;
  currentTime: number;
  duration: number;
  /** 0 to 1. */
  volume: number;
  /** The queue in playing order: shuffled while `shuffle` is on. */
  playlist: PlayerTrack[];
  muted: boolean;
  shuffle: boolean;
  repeat: RepeatMode;
  /** Loudness levelling (decision 0050). */
  levelling: boolean;
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
  /** Puts `track` right after the current one (moving it if already queued); plays it if nothing is loaded. */
  playNext: (track: PlayerTrack) => void;
  /** Appends `track` to the queue (moving it to the end if already queued). */
  addToQueue: (track: PlayerTrack) => void;
  /** Takes a track out of the queue; the playing track keeps playing. */
  removeFromQueue: (id: number) => void;
  /** Moves the queued track `id` to position `toIndex` of the queue. */
  moveInQueue: (id: number, toIndex: number) => void;
  /** Plays `tracks` as the queue from their first playable track (a random one with shuffle on). */
  playAll: (tracks: PlayerTrack[]) => void;
  /** Replaces what plays after the current track with `ids`, in that order (the queue panel). */
  setUpcoming: (ids: number[]) => void;
  /** Empties what plays after the current track; the current one keeps playing. */
  clearUpcoming: () => void;
  setMuted: (muted: boolean) => void;
  setShuffle: (on: boolean) => void;
  setRepeat: (mode: RepeatMode) => void;
  setLevelling: (on: boolean) => void;
}

export type PlayerContextValue = PlayerState & PlayerControls;

/** The state of a fresh page, before the remembered settings (player-settings.ts) are applied. */
export const INITIAL_PLAYBACK = {
  currentTrack: null,
  isPlaying: false,
  currentTime: 0,
  duration: 0,
  playlist: [],
} satisfies Partial<PlayerState>;

export const PlayerContext = createContext<PlayerContextValue | null>(null);
