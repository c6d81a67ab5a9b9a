import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { TIMINGS } from '../../../shared/constants';
import { toast } from '../../components/ui/use-toast';
import {
  INITIAL_PLAYER_STATE,
  PlayerContext,
  type PlayerControls,
  type PlayerState,
  type PlayerTrack,
} from './player-context';
import { isAiff, nextInQueue, previousInQueue } from './player-queue';

const streamUrl = (track: PlayerTrack) => `/api/tracks/${track.id}/stream`;

/** One <audio> element for the whole app, so playback survives navigation between screens. */
export function PlayerProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<PlayerState>(INITIAL_PLAYER_STATE);
  // The audio events and the auto-advance timer need the latest state, not a render's snapshot.
  const stateRef = useRef(state);
  const audioRef = useRef<HTMLAudioElement | null>(null);

  const controls = useMemo<PlayerControls>(() => {
    const update = (patch: Partial<PlayerState>) => {
      stateRef.current = { ...stateRef.current, ...patch };
      setState(stateRef.current);
    };

    const playAudio = (audio: HTMLAudioElement) => {
      Promise.resolve()
        .then(() => audio.play())
        .catch((err: unknown) => {
          // A newer load interrupting this one is not a failure.
          if (err instanceof DOMException && err.name === 'AbortError') return;
          console.error('Auto-play failed', err);
          update({ isPlaying: false });
        });
    };

    const start = (track: PlayerTrack) => {
      if (isAiff(track)) {
        toast({
          variant: 'destructive',
          title: 'Cannot Play File',
          description:
            'AIFF files cannot be played in web browsers. Please convert to MP3, WAV, or M4A for playback.',
        });
        return;
      }
      const audio = audioRef.current;
      if (!audio) return;
      audio.src = streamUrl(track);
      update({ currentTrack: track, isPlaying: true, currentTime: 0, duration: track.duration ?? 0 });
      playAudio(audio);
    };

    const resume = () => {
      const audio = audioRef.current;
      if (!audio || !stateRef.current.currentTrack) return;
      update({ isPlaying: true });
      playAudio(audio);
    };

    const pause = () => {
      audioRef.current?.pause();
      update({ isPlaying: false });
    };

    return {
      playTrack: (track, queue) => {
        if (queue) update({ playlist: queue });
        if (stateRef.current.currentTrack?.id === track.id) resume();
        else start(track);
      },
      togglePlay: () => (stateRef.current.isPlaying ? pause() : resume()),
      pause,
      stop: () => {
        const audio = audioRef.current;
        audio?.pause();
        if (audio) audio.currentTime = 0;
        update({ isPlaying: false, currentTime: 0 });
      },
      next: () => {
        const target = nextInQueue(stateRef.current.playlist, stateRef.current.currentTrack);
        if (target) start(target);
      },
      previous: () => {
        const target = previousInQueue(stateRef.current.playlist, stateRef.current.currentTrack);
        if (target) start(target);
      },
      seek: (seconds) => {
        if (audioRef.current) audioRef.current.currentTime = seconds;
        update({ currentTime: seconds });
      },
      setVolume: (volume) => {
        const clamped = Math.min(1, Math.max(0, volume));
        if (audioRef.current) audioRef.current.volume = clamped;
        update({ volume: clamped });
      },
      setPlaylist: (tracks) => update({ playlist: tracks }),
    };
  }, []);

  useEffect(() => {
    const audio = new Audio();
    audio.preload = 'metadata';
    audio.volume = stateRef.current.volume;
    audioRef.current = audio;
    let advanceTimer: ReturnType<typeof setTimeout> | undefined;
    const set = (patch: Partial<PlayerState>) => {
      stateRef.current = { ...stateRef.current, ...patch };
      setState(stateRef.current);
    };

    const onTime = () => set({ currentTime: audio.currentTime });
    const onDuration = () => {
      if (Number.isFinite(audio.duration)) set({ duration: audio.duration });
    };
    const onEnded = () => {
      set({ isPlaying: false, currentTime: 0 });
      advanceTimer = setTimeout(controls.next, TIMINGS.autoAdvanceMs);
    };
    const onError = () => {
      const track = stateRef.current.currentTrack;
      if (!track) return;
      console.error(`Failed to load track: ${track.name}. The audio file may be missing or corrupted.`);
      set({ currentTrack: null, isPlaying: false, currentTime: 0 });
    };

    audio.addEventListener('timeupdate', onTime);
    audio.addEventListener('durationchange', onDuration);
    audio.addEventListener('ended', onEnded);
    audio.addEventListener('error', onError);
    return () => {
      clearTimeout(advanceTimer);
      audio.removeEventListener('timeupdate', onTime);
      audio.removeEventListener('durationchange', onDuration);
      audio.removeEventListener('ended', onEnded);
      audio.removeEventListener('error', onError);
      audio.pause();
      audioRef.current = null;
    };
  }, [controls]);

  const value = useMemo(() => ({ ...state, ...controls }), [state, controls]);
  return <PlayerContext.Provider value={value}>{children}</PlayerContext.Provider>;
}
