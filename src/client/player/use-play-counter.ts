import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { AUTH_USER_QUERY_KEY } from '../entities/user/use-auth';
import { apiRequest } from '../lib/api-client';
import { createPlayCounter } from './play-counter';
import type { PlayerTrack } from './player-context';

/** The query keys a counted play changes: Recently played, and the track's counts if it is one's own. */
export const RECENT_PLAYS_QUERY_KEY = ['/api/user/recent'] as const;

/**
 * Reports each listen that counts (play-counter.ts) to POST /api/tracks/{id}/plays, signed in and
 * online only: a signed-out visitor has no listening history, a share link's track is heard by its
 * token (not the listening rule), and a play offline is not queued (decision 0395). Failures are
 * dropped: a lost play is no reason to interrupt the music.
 */
export function usePlayCounter(audio: HTMLAudioElement | null, track: PlayerTrack | null) {
  const queryClient = useQueryClient();
  const trackRef = useRef(track);
  trackRef.current = track;
  const counter = useRef(
    createPlayCounter((trackId) => {
      const current = trackRef.current;
      const signedIn = Boolean(queryClient.getQueryData(AUTH_USER_QUERY_KEY));
      if (!signedIn || current?.streamUrl || (typeof navigator !== 'undefined' && !navigator.onLine)) return;
      apiRequest('POST', `/api/tracks/${trackId}/plays`)
        .then(() => queryClient.invalidateQueries({ queryKey: RECENT_PLAYS_QUERY_KEY }))
        .catch(() => {});
    }),
  ).current;

  const id = track?.id ?? null;
  const duration = track?.duration;
  useEffect(() => counter.track(id, duration), [counter, id, duration]);

  useEffect(() => {
    if (!audio) return;
    const onTime = () => counter.time(audio.currentTime);
    const onSeeked = () => counter.jumped(audio.currentTime);
    const onDuration = () => counter.duration(audio.duration);
    const onEnded = () => counter.ended();
    audio.addEventListener('timeupdate', onTime);
    audio.addEventListener('seeked', onSeeked);
    audio.addEventListener('durationchange', onDuration);
    audio.addEventListener('ended', onEnded);
    return () => {
      audio.removeEventListener('timeupdate', onTime);
      audio.removeEventListener('seeked', onSeeked);
      audio.removeEventListener('durationchange', onDuration);
      audio.removeEventListener('ended', onEnded);
    };
  }, [audio, counter]);
}
