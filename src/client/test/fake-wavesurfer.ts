// wavesurfer.js draws on a canvas jsdom lacks: a stand-in that records how it was made and used.
// A test mocks the package with it: vi.mock('wavesurfer.js', () => import('../test/fake-wavesurfer')).

export interface FakeWaveSurfer {
  options: {
    media?: HTMLMediaElement;
    peaks?: number[][];
    duration?: number;
    waveColor?: string;
    height?: number;
  };
  emit: (event: string, ...args: unknown[]) => void;
  destroyed: boolean;
}

/** Every stand-in made, in order (a test empties it between cases). */
export const wavesurfers: FakeWaveSurfer[] = [];

/** The stand-ins not destroyed: the waveforms on screen. */
export const liveWavesurfers = () => wavesurfers.filter((w) => !w.destroyed);

export default {
  create: (options: FakeWaveSurfer['options']) => {
    const handlers = new Map<string, (...args: unknown[]) => void>();
    const instance = {
      options,
      destroyed: false,
      emit: (event: string, ...args: unknown[]) => handlers.get(event)?.(...args),
      on: (event: string, handler: (...args: unknown[]) => void) => {
        handlers.set(event, handler);
        return () => handlers.delete(event);
      },
      destroy: () => {
        instance.destroyed = true;
      },
      // What the app wraps to draw the played part only when it moves (waveform.tsx).
      getRenderer: () => renderer,
    };
    const renderer = { getWidth: () => 0, renderProgress: (_progress: number, _isPlaying?: boolean) => {} };
    wavesurfers.push(instance);
    return instance;
  },
};
