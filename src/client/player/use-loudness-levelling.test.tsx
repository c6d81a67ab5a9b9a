import { act } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import type { PlayerContextValue, PlayerTrack } from './player-context';
import { usePlayer } from './use-player';

let player: PlayerContextValue;
function Probe() {
  player = usePlayer();
  return null;
}

const loud: PlayerTrack = {
  id: 1,
  name: 'Loud',
  loudness: { integratedLufs: -8, truePeakDb: 0.5, loudnessRange: null },
};
const quiet: PlayerTrack = {
  id: 2,
  name: 'Quiet',
  loudness: { integratedLufs: -20, truePeakDb: -12, loudnessRange: null },
};
const unmeasured: PlayerTrack = { id: 3, name: 'New', loudness: null };
const queue = [loud, quiet, unmeasured];

/** A Web Audio stand-in recording the graph the player builds. */
function stubWebAudio() {
  const gain = { gain: { value: 1 }, connect: vi.fn((node: unknown) => node) };
  const contexts: unknown[] = [];
  const sources: unknown[] = [];
  class AudioContextStub {
    state = 'running';
    destination = {};
    constructor() {
      contexts.push(this);
    }
    createGain() {
      return gain;
    }
    createMediaElementSource(element: HTMLMediaElement) {
      sources.push(element);
      return { connect: (node: unknown) => node };
    }
    resume() {
      return Promise.resolve();
    }
  }
  vi.stubGlobal('AudioContext', AudioContextStub);
  return { gain, contexts, sources };
}

function setup() {
  renderWithProviders(<Probe />);
  return document.querySelector('audio') as HTMLAudioElement;
}

describe('loudness levelling (decision 0050)', () => {
  it('sets a GainNode on the element, made once, from each track’s loudness', () => {
    const web = stubWebAudio();
    const audio = setup();
    expect(web.contexts).toHaveLength(0);
    act(() => player.playTrack(loud, queue));
    expect(web.sources).toEqual([audio]);
    expect(web.gain.gain.value).toBeCloseTo(10 ** (-6 / 20));
    // The user's volume stays on the element, untouched by levelling.
    expect(audio.volume).toBe(0.7);
    act(() => player.next());
    expect(web.gain.gain.value).toBeCloseTo(10 ** (6 / 20));
    act(() => player.next());
    expect(web.gain.gain.value).toBe(1);
    act(() => player.previous());
    act(() => player.setLevelling(false));
    expect(web.gain.gain.value).toBe(1);
    expect(web.contexts).toHaveLength(1);
  });

  it('with levelling off from the start, plays without Web Audio at all', () => {
    const web = stubWebAudio();
    setup();
    act(() => player.setLevelling(false));
    act(() => player.playTrack(loud, queue));
    expect(web.contexts).toHaveLength(0);
  });

  it('without Web Audio, only turns loud tracks down through the element volume', () => {
    vi.stubGlobal('AudioContext', undefined);
    const audio = setup();
    act(() => player.playTrack(loud, queue));
    expect(audio.volume).toBeCloseTo(0.7 * 10 ** (-6 / 20));
    act(() => player.next());
    expect(audio.volume).toBeCloseTo(0.7);
    act(() => player.previous());
    act(() => player.setLevelling(false));
    expect(audio.volume).toBeCloseTo(0.7);
  });
});
