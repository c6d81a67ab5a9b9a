import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { toast } from '../components/ui/use-toast';
import { PlayerAudioContext } from './player-audio-context';
import { INITIAL_PLAYBACK, PlayerContext, type PlayerState } from './player-context';
import { createPlayerEngine } from './player-engine';
import { loadPlayerSettings, savePlayerSettings } from './player-settings';
import { useLoudnessLevelling } from './use-loudness-levelling';
import { useMediaSession } from './use-media-session';
import { usePlayCounter } from './use-play-counter';

/**
 * One <audio> element for the whole app, so playback survives navigation between screens. It is
 * rendered (hidden) rather than created with `new Audio()` so tests and tools can find it. The
 * transitions live in player-engine.ts; this wires them to React, the element, the remembered
 * settings, loudness levelling and the Media Session.
 */
export function PlayerProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<PlayerState>(() => ({ ...INITIAL_PLAYBACK, ...loadPlayerSettings() }));
  // The audio events and the auto-advance timer need the latest state, not a render's snapshot.
  const stateRef = useRef(state);
  const audioRef = useRef<HTMLAudioElement | null>(null);
  const [audio, setAudio] = useState<HTMLAudioElement | null>(null);
  const primeRef = useRef<() => void>(() => {});

  const engine = useMemo(
    () =>
      createPlayerEngine({
        getState: () => stateRef.current,
        update: (patch) => {
          stateRef.current = { ...stateRef.current, ...patch };
          setState(stateRef.current);
        },
        getAudio: () => audioRef.current,
        notify: ({ title, description }) => toast({ variant: 'destructive', title, description }),
        beforePlay: () => primeRef.current(),
      }),
    [],
  );
  useEffect(() => engine.dispose, [engine]);

  const { volume, muted, shuffle, repeat, levelling, currentTrack, isPlaying } = state;
  useEffect(() => {
    savePlayerSettings({ volume, muted, shuffle, repeat, levelling });
  }, [volume, muted, shuffle, repeat, levelling]);

  primeRef.current = useLoudnessLevelling(audio, { track: currentTrack, levelling, volume, muted });
  useMediaSession(audio, { track: currentTrack, isPlaying }, { ...engine.controls, resume: engine.resume });
  usePlayCounter(audio, currentTrack);

  const attachAudio = useCallback((element: HTMLAudioElement | null) => {
    audioRef.current = element;
    setAudio(element);
  }, []);

  const value = useMemo(() => ({ ...state, ...engine.controls }), [state, engine]);
  const { events } = engine;

  return (
    <PlayerContext.Provider value={value}>
      <PlayerAudioContext.Provider value={audio}>
        {children}
        {/* biome-ignore lint/a11y/useMediaCaption: recordings of music, with no speech to caption. */}
        <audio
          ref={attachAudio}
          data-testid="audio-player"
          preload="metadata"
          hidden
          onTimeUpdate={events.onTime}
          onDurationChange={events.onDuration}
          onLoadedMetadata={events.onDuration}
          onEnded={events.onEnded}
          onError={events.onError}
          onPause={events.onPause}
          onPlay={events.onPlay}
        />
      </PlayerAudioContext.Provider>
    </PlayerContext.Provider>
  );
}
