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
import {
  isPlayable,
  nextInQueue,
  previousInQueue,
  unplayableReason,
  withAppended,
  withMoved,
  withNext,
} from './player-queue';

const streamUrl = (track: PlayerTrack) => `/api/tracks/${track.id}/stream`;

/**
 * One <audio> element for the whole app, so playback survives navigation between screens. It is
 * rendered (hidden) rather than created with `new Audio()` so tests and tools can find it.
 * Transitions follow spec section 4.
 */
export function PlayerProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<PlayerState>(INITIAL_PLAYER_STATE);
  // The audio events and the auto-advance timer need the latest state, not a render's snapshot.
  const stateRef = useRef(state);
  const audioRef = useRef<HTMLAudioElement | null>(null);
  const advanceTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const { controls, events } = useMemo(() => {
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
          // Spec section 8: an auto-play failure is only logged and playback is marked stopped.
          console.error('Auto-play failed', err);
          update({ isPlaying: false });
        });
    };

    const start = (track: PlayerTrack) => {
      clearTimeout(advanceTimer.current);
      if (!isPlayable(track)) {
        toast({ variant: 'destructive', title: 'Cannot Play File', description: unplayableReason(track) });
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

    const next = () => {
      const target = nextInQueue(stateRef.current.playlist, stateRef.current.currentTrack);
      if (target) start(target);
    };

    const controls: PlayerControls = {
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
      next,
      previous: () => {
        const target = previousInQueue(stateRef.current.playlist, stateRef.current.currentTrack);
        if (target) start(target);
      },
      seek: (seconds) => {
        const audio = audioRef.current;
        const max = stateRef.current.duration > 0 ? stateRef.current.duration : Number.POSITIVE_INFINITY;
        const target = Math.min(Math.max(0, seconds), max);
        if (audio) audio.currentTime = target;
        update({ currentTime: target });
      },
      setVolume: (volume) => {
        const clamped = Math.min(1, Math.max(0, volume));
        if (audioRef.current) audioRef.current.volume = clamped;
        update({ volume: clamped });
      },
      setPlaylist: (tracks) => update({ playlist: tracks }),
      refreshTrack: (track) => {
        const { currentTrack, playlist } = stateRef.current;
        const merge = (t: PlayerTrack) => (t.id === track.id ? { ...t, name: track.name } : t);
        update({
          currentTrack: currentTrack ? merge(currentTrack) : null,
          playlist: playlist.map(merge),
        });
      },
      forgetTrack: (id) => {
        const { currentTrack, playlist } = stateRef.current;
        const queue = playlist.filter((t) => t.id !== id);
        if (currentTrack?.id !== id) {
          update({ playlist: queue });
          return;
        }
        clearTimeout(advanceTimer.current);
        const audio = audioRef.current;
        if (audio) {
          audio.pause();
          audio.removeAttribute('src');
          audio.load();
        }
        update({ playlist: queue, currentTrack: null, isPlaying: false, currentTime: 0, duration: 0 });
      },
      playNext: (track) => {
        const { playlist, currentTrack } = stateRef.current;
        update({ playlist: withNext(playlist, currentTrack, track) });
        if (!currentTrack) start(track);
      },
      addToQueue: (track) => update({ playlist: withAppended(stateRef.current.playlist, track) }),
      removeFromQueue: (id) => update({ playlist: stateRef.current.playlist.filter((t) => t.id !== id) }),
      moveInQueue: (id, toIndex) => update({ playlist: withMoved(stateRef.current.playlist, id, toIndex) }),
    };

    /** Handlers for the <audio> element's events. */
    const events = {
      onEnded: () => {
        // Spec section 4: stop, reset the position, then after 100 ms the next track (wrapping).
        const audio = audioRef.current;
        if (audio) audio.currentTime = 0;
        update({ isPlaying: false, currentTime: 0 });
        clearTimeout(advanceTimer.current);
        advanceTimer.current = setTimeout(next, TIMINGS.autoAdvanceMs);
      },
      onError: () => {
        const track = stateRef.current.currentTrack;
        if (!track) return;
        console.error(`Failed to load track: ${track.name}. The audio file may be missing or corrupted.`);
        audioRef.current?.pause();
        update({ currentTrack: null, isPlaying: false, currentTime: 0, duration: 0 });
      },
      onTime: () => {
        const audio = audioRef.current;
        if (audio) update({ currentTime: audio.currentTime });
      },
      onDuration: () => {
        const audio = audioRef.current;
        if (audio && Number.isFinite(audio.duration) && audio.duration > 0)
          update({ duration: audio.duration });
      },
    };

    return { controls, events };
  }, []);

  useEffect(() => {
    if (audioRef.current) audioRef.current.volume = stateRef.current.volume;
    return () => clearTimeout(advanceTimer.current);
  }, []);

  const value = useMemo(() => ({ ...state, ...controls }), [state, controls]);

  return (
    <PlayerContext.Provider value={value}>
      {children}
      {/* biome-ignore lint/a11y/useMediaCaption: recordings of music, with no speech to caption. */}
      <audio
        ref={audioRef}
        data-testid="audio-player"
        preload="metadata"
        hidden
        onTimeUpdate={events.onTime}
        onDurationChange={events.onDuration}
        onLoadedMetadata={events.onDuration}
        onEnded={events.onEnded}
        onError={events.onError}
      />
    </PlayerContext.Provider>
  );
}
