import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { PLAYER } from '../../shared/constants';
import { displayName } from '../../shared/format';
import type { AuthUser } from '../../shared/schemas/auth';
import { AUTH_USER_QUERY_KEY } from '../entities/user/use-auth';
import { chooseArtwork } from './media-artwork';
import type { PlayerControls, PlayerTrack } from './player-context';
import { useGeneratedCover } from './use-generated-cover';

type Handlers = Pick<PlayerControls, 'togglePlay' | 'pause' | 'next' | 'previous' | 'seek'> & {
  resume: () => void;
};

/**
 * While something else holds the audio (the A/B comparison, issue 43), its handlers answer the
 * media keys instead of the player's: next/previous switch the slots there (decision 0639).
 */
export type MediaSessionOverride = Partial<Handlers> & { now?: () => number };
let override: MediaSessionOverride | null = null;
export function setMediaSessionOverride(handlers: MediaSessionOverride | null) {
  override = handlers;
}

const hasMediaSession = () => typeof navigator !== 'undefined' && 'mediaSession' in navigator;

/**
 * Lock screens, notification shades and media keys (issue 10): the current track's title, artist
 * (the owner's name; the signed-in user's for their own journal) and artwork in several sizes (the
 * playlist cover or the owner's avatar, else a cover drawn from the waveform: issue 25, decision
 * 0365), the actions play,
 * pause, previous, next, seek to and seek back/forward, `playbackState` following the player, and
 * the position whenever it jumps (the browser extrapolates in between).
 */
export function useMediaSession(
  audio: HTMLAudioElement | null,
  { track, isPlaying }: { track: PlayerTrack | null; isPlaying: boolean },
  handlers: Handlers,
) {
  const queryClient = useQueryClient();
  const handlersRef = useRef(handlers);
  handlersRef.current = handlers;
  const audioRef = useRef(audio);
  audioRef.current = audio;

  const { id, name, artist, artworkUrl, userId } = track ?? {};
  const generated = useGeneratedCover(track, !artworkUrl);
  useEffect(() => {
    if (!hasMediaSession()) return;
    if (id === undefined || name === undefined) {
      navigator.mediaSession.metadata = null;
      return;
    }
    // Read, not subscribed: the player must not fetch who is signed in (public pages play too).
    const viewer = queryClient.getQueryData<AuthUser | null>(AUTH_USER_QUERY_KEY);
    const own = viewer && userId === viewer.id;
    navigator.mediaSession.metadata = new MediaMetadata({
      title: name,
      artist: artist ?? (own ? displayName(viewer) : ''),
      artwork: chooseArtwork(artworkUrl, generated),
    });
  }, [id, name, artist, artworkUrl, generated, userId, queryClient]);

  useEffect(() => {
    if (!hasMediaSession()) return;
    navigator.mediaSession.playbackState = id === undefined ? 'none' : isPlaying ? 'playing' : 'paused';
  }, [id, isPlaying]);

  useEffect(() => {
    if (!hasMediaSession()) return;
    const now = () => override?.now?.() ?? audioRef.current?.currentTime ?? 0;
    const offset = (details: MediaSessionActionDetails) =>
      details.seekOffset ?? PLAYER.mediaSessionSeekSeconds;
    const handler = <K extends keyof Handlers>(name: K): Handlers[K] =>
      (override?.[name] as Handlers[K] | undefined) ?? handlersRef.current[name];
    const actions: Array<[MediaSessionAction, MediaSessionActionHandler]> = [
      ['play', () => handler('resume')()],
      ['pause', () => handler('pause')()],
      ['previoustrack', () => handler('previous')()],
      ['nexttrack', () => handler('next')()],
      ['seekto', (d) => d.seekTime !== undefined && handler('seek')(d.seekTime)],
      ['seekbackward', (d) => handler('seek')(now() - offset(d))],
      ['seekforward', (d) => handler('seek')(now() + offset(d))],
    ];
    for (const [action, handler] of actions) setHandler(action, handler);
    return () => {
      for (const [action] of actions) setHandler(action, null);
    };
  }, []);

  useEffect(() => {
    if (!audio || !hasMediaSession()) return;
    const report = () => {
      const { duration, currentTime, playbackRate } = audio;
      if (!Number.isFinite(duration) || duration <= 0) return;
      try {
        navigator.mediaSession.setPositionState?.({
          duration,
          position: Math.min(Math.max(0, currentTime), duration),
          playbackRate: playbackRate || 1,
        });
      } catch {
        // A position the browser refuses (a live stream, a race with a new source) is not worth more.
      }
    };
    const events = ['durationchange', 'loadedmetadata', 'play', 'pause', 'seeked', 'ratechange'] as const;
    for (const event of events) audio.addEventListener(event, report);
    return () => {
      for (const event of events) audio.removeEventListener(event, report);
    };
  }, [audio]);
}

/** Browsers throw for actions they do not support; the rest still work. */
function setHandler(action: MediaSessionAction, handler: MediaSessionActionHandler | null) {
  try {
    navigator.mediaSession.setActionHandler(action, handler);
  } catch {
    // Unsupported action.
  }
}
