import { useEffect, useState } from 'react';
import type { TrackVersion } from '../../../shared/schemas/track-versions';
import { usePlayer } from '../../player/use-player';
import { slotOffsetSeconds } from './compare-align';
import type { SlotId } from './compare-constants';
import { createCompareEngine } from './compare-engine';
import { exposeForTests } from './compare-probe';

/** How often the panel reads the position for its waveform and clock. */
const POSITION_POLL_MS = 200;

/**
 * The comparison's engine for the panel's lifetime: slot streams and offsets follow the picks,
 * levels follow the mode, and only one thing sounds: the main player pauses while the comparison
 * plays, and the comparison pauses if the main player starts (decision 0639).
 */
export function useCompareEngine(
  chosen: Record<SlotId, TrackVersion | null>,
  levels: Record<SlotId, number>,
) {
  const player = usePlayer();
  const [tick, setTick] = useState(0);
  const [engine] = useState(() => createCompareEngine({ onChange: () => setTick((t) => t + 1) }));
  const [position, setPosition] = useState(0);

  useEffect(() => {
    const unexpose = exposeForTests(engine);
    return () => {
      unexpose();
      engine.dispose();
    };
  }, [engine]);

  const { A, B } = chosen;
  const offsetB = A && B ? slotOffsetSeconds(A, B) : 0;
  useEffect(() => {
    engine.load('A', A?.streamUrl ?? null, 0);
  }, [engine, A?.streamUrl]);
  useEffect(() => {
    engine.load('B', B?.streamUrl ?? null, offsetB);
  }, [engine, B?.streamUrl, offsetB]);

  const { A: levelA, B: levelB } = levels;
  useEffect(() => {
    engine.setLevels({ A: levelA, B: levelB });
  }, [engine, levelA, levelB]);

  const { volume, muted, isPlaying: mainPlaying, pause: pauseMain } = player;
  useEffect(() => {
    engine.setVolume(muted ? 0 : volume);
  }, [engine, volume, muted]);

  // One thing sounds at a time: the one that started last wins.
  useEffect(() => {
    if (mainPlaying && engine.playing) engine.pause();
  }, [engine, mainPlaying]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: tick is when the engine changed.
  useEffect(() => {
    if (engine.playing && mainPlaying) pauseMain();
  }, [engine, tick]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: tick re-reads after a seek or a switch.
  useEffect(() => {
    setPosition(engine.position());
    if (!engine.playing) return;
    const timer = setInterval(() => setPosition(engine.position()), POSITION_POLL_MS);
    return () => clearInterval(timer);
  }, [engine, tick]);

  return { engine, position, heard: engine.heard, playing: engine.playing, offsetB };
}
