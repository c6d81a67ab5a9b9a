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

describe('the played part of a waveform (decision 0919)', () => {
  it('is drawn while playing only when it has moved by a device pixel', () => {
    const { wavesurfer, renderer, drawn } = recordingWaveSurfer();
    drawProgressByThePixel(wavesurfer);
    // 500 px: pixel 50, still 50, then 51.
    for (const progress of [0.1, 0.1004, 0.1008, 0.102]) renderer.renderProgress(progress, true);
    expect(drawn).toEqual([
      [0.1, true],
      [0.102, true],
    ]);
  });

  it('is always drawn when not playing: a seek, a pause, a drag', () => {
    const { wavesurfer, renderer, drawn } = recordingWaveSurfer();
    drawProgressByThePixel(wavesurfer);
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
      const { wavesurfer, renderer, drawn } = recordingWaveSurfer();
      drawProgressByThePixel(wavesurfer);
      // 1,000 device pixels: 100, still 100, then 101 (where CSS pixels would say 50 all along).
      for (const progress of [0.1, 0.1003, 0.1008]) renderer.renderProgress(progress, true);
      expect(drawn.map(([progress]) => progress)).toEqual([0.1, 0.1008]);
    } finally {
      Object.defineProperty(window, 'devicePixelRatio', { value: ratio, configurable: true });
    }
  });
});
