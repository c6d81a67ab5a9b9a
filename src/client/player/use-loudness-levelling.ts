import { useCallback, useEffect, useRef, useState } from 'react';
import { dbToGain, levellingGainDb } from './loudness';
import type { PlayerTrack } from './player-context';

interface Graph {
  context: AudioContext;
  gain: GainNode;
}

type AudioContextClass = typeof AudioContext;
const audioContextClass = (): AudioContextClass | undefined =>
  window.AudioContext ?? (window as unknown as { webkitAudioContext?: AudioContextClass }).webkitAudioContext;

/**
 * Volume, mute and loudness levelling on the one <audio> element (decision 0050). Levelling runs
 * through Web Audio: the element feeds a GainNode, made once (an element can be given to only one
 * MediaElementAudioSourceNode) and only when levelling is wanted, so with levelling off nothing but
 * the element plays. Without Web Audio the level is applied by turning the element's volume down,
 * which can only attenuate. Returns `prime`, to call before audio.play() inside the user's gesture:
 * browsers start an AudioContext only after one.
 */
export function useLoudnessLevelling(
  audio: HTMLAudioElement | null,
  {
    track,
    levelling,
    volume,
    muted,
  }: { track: PlayerTrack | null; levelling: boolean; volume: number; muted: boolean },
) {
  const graph = useRef<Graph | null>(null);
  const unavailable = useRef(false);
  const [graphVersion, setGraphVersion] = useState(0);
  const levellingRef = useRef(levelling);
  levellingRef.current = levelling;

  const prime = useCallback(() => {
    if (!audio || !levellingRef.current) return;
    if (!graph.current && !unavailable.current) {
      const Context = audioContextClass();
      try {
        if (!Context) throw new Error('No Web Audio');
        const context = new Context();
        const gain = context.createGain();
        context.createMediaElementSource(audio).connect(gain).connect(context.destination);
        graph.current = { context, gain };
        setGraphVersion((v) => v + 1);
      } catch {
        unavailable.current = true;
      }
    }
    const context = graph.current?.context;
    if (context?.state === 'suspended') context.resume().catch(() => {});
  }, [audio]);

  // Switched on while a track plays: the switch was the gesture, the graph can start now.
  useEffect(() => {
    if (levelling && track) prime();
  }, [levelling, track, prime]);

  const gainDb = levelling ? levellingGainDb(track?.loudness) : 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: graphVersion re-applies once the graph exists.
  useEffect(() => {
    if (!audio) return;
    audio.muted = muted;
    const linear = dbToGain(gainDb);
    if (graph.current) {
      graph.current.gain.gain.value = linear;
      audio.volume = volume;
    } else {
      audio.volume = volume * Math.min(1, linear);
    }
  }, [audio, volume, muted, gainDb, graphVersion]);

  return prime;
}
