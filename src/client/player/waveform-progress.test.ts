import { describe, expect, it } from 'vitest';
import type WaveSurfer from 'wavesurfer.js';
import { drawProgressByThePixel } from './waveform';

/** A wavesurfer whose renderer is 500 CSS px wide and records what it was asked to draw. */
function recordingWaveSurfer() {
  const drawn: [number, boolean | undefined][] = [];
  const renderer = {
    getWidth: () => 500,
    renderProgress: (progress: number, isPlaying?: boolean) => void drawn.push([progress, isPlaying]),
  };
  const wavesurfer = { getRenderer: () => renderer } as unknown as WaveSurfer;
  return { wavesurfer, renderer, drawn };
}

/** A clock the test moves: each call to `frame()` is one animation frame (17 ms) later. */
function frameClock() {
  let ms = 1000;
  return {
    now: () => ms,
    frame: () => {
      ms += 17;
    },
  };
}

/**
 * A recording wavesurfer drawn by the pixel on a clock the test moves; `play` asks for each
 * `progress` value one animation frame after the other, playing.
 */
function playingWaveform() {
  const { wavesurfer, renderer, drawn } = recordingWaveSurfer();
  const clock = frameClock();
  drawProgressByThePixel(wavesurfer, clock.now);
  const play = (progresses: number[]) => {
    for (const progress of progresses) {
      renderer.renderProgress(progress, true);
      clock.frame();
    }
  };
  return { play, drawn };
}

describe('the played part of a waveform (decision 0919)', () => {
  it('is drawn while playing only when it has moved by a device pixel', () => {
    const { play, drawn } = playingWaveform();
    // 500 px; frames 3, 6 and 9 come 51 ms after the last draw: pixel 50, still 50, still 50, 51.
    play([0.1, 0.1, 0.1, 0.1004, 0.1004, 0.1004, 0.1008, 0.1008, 0.1008, 0.102]);
    expect(drawn).toEqual([
      [0.1, true],
      [0.102, true],
    ]);
  });

  it('is drawn while playing at most once in 50 ms, however far it moved (decision 0920)', () => {
    const { play, drawn } = playingWaveform();
    // A short take: 2 px further every frame, for 12 frames.
    play(Array.from({ length: 12 }, (_, frame) => 0.1 + frame * 0.004));
    // Frames 0, 3, 6 and 9: 51 ms apart (three frames of 17 ms), each where the edge then was.
    expect(drawn.map(([progress]) => progress.toFixed(3))).toEqual(['0.100', '0.112', '0.124', '0.136']);
  });

  it('is always drawn when not playing: a seek, a pause, a drag', () => {
    const { wavesurfer, renderer, drawn } = recordingWaveSurfer();
    drawProgressByThePixel(wavesurfer, () => 1000);
    renderer.renderProgress(0.3, true);
    renderer.renderProgress(0.3, false);
    renderer.renderProgress(0.3);
    expect(drawn).toEqual([
      [0.3, true],
      [0.3, false],
      [0.3, undefined],
    ]);
  });

  it('counts device pixels: on a 2× screen half a CSS pixel is a step', () => {
    const ratio = window.devicePixelRatio;
    Object.defineProperty(window, 'devicePixelRatio', { value: 2, configurable: true });
    try {
      const { play, drawn } = playingWaveform();
      // 1,000 device pixels, 51 ms apart: 100, still 100, then 101 (CSS pixels: 50 all along).
      play([0.1, 0.1, 0.1, 0.1003, 0.1003, 0.1003, 0.1008]);
      expect(drawn.map(([progress]) => progress)).toEqual([0.1, 0.1008]);
    } finally {
      Object.defineProperty(window, 'devicePixelRatio', { value: ratio, configurable: true });
    }
  });
});
