import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { TrackVersion } from '../../../shared/schemas/track-versions';
import { json, mockFetch } from '../../test/mock-fetch';
import { renderWithProviders } from '../../test/render';
import { ComparePanel } from './compare-panel';

const version = (n: number, over: Partial<TrackVersion> = {}): TrackVersion => ({
  id: 100 + n,
  trackId: 7,
  version: n,
  note: n === 3 ? 'Louder mix' : null,
  filename: `take-v${n}.wav`,
  size: 1000,
  createdAt: '2026-01-01T00:00:00.000Z',
  hasFile: true,
  current: n === 3,
  processingState: 'ready',
  duration: 30,
  loudnessLufs: -14,
  truePeakDb: -3,
  loudnessRange: null,
  streamUrl: `/api/tracks/7/versions/${n}/stream`,
  peaksUrl: null,
  alignSeconds: 0,
  audioStartSeconds: 1,
  ...over,
});

/** v3 (current) 10 LU louder than v2, whose music starts 0.7 s sooner; v1 not measured yet. */
const versions = [
  version(3, { loudnessLufs: -8, truePeakDb: -0.5 }),
  version(2, { loudnessLufs: -18, truePeakDb: -9, alignSeconds: -0.7, audioStartSeconds: 0.3 }),
  version(1, { loudnessLufs: null, truePeakDb: null, alignSeconds: null }),
];

interface FakeParam {
  value: number;
  events: Array<[string, number, number]>;
  setValueAtTime: (v: number, t: number) => void;
  linearRampToValueAtTime: (v: number, t: number) => void;
  cancelScheduledValues: (t: number) => void;
}

/** A Web Audio stand-in: each gain's AudioParam records what was scheduled. */
function stubWebAudio() {
  const gains: FakeParam[] = [];
  class AudioContextStub {
    state = 'running';
    currentTime = 12.5;
    destination = {};
    createGain() {
      const param: FakeParam = {
        value: 1,
        events: [],
        setValueAtTime(v, t) {
          this.events.push(['set', v, t]);
        },
        linearRampToValueAtTime(v, t) {
          this.events.push(['ramp', v, t]);
          this.value = v;
        },
        cancelScheduledValues() {},
      };
      gains.push(param);
      const node = { gain: param, connect: (next: unknown) => next };
      return node;
    }
    createMediaElementSource() {
      return { connect: (next: unknown) => next };
    }
    resume() {
      return Promise.resolve();
    }
    close() {
      return Promise.resolve();
    }
  }
  vi.stubGlobal('AudioContext', AudioContextStub);
  return gains;
}

function setup(request = { takes: [{ trackId: 7, name: 'Night take' }] } as const) {
  mockFetch({ 'GET /api/tracks/7/versions': () => json(versions) });
  const onClose = vi.fn();
  const { unmount } = renderWithProviders(
    <ComparePanel request={{ takes: [...request.takes] }} onClose={onClose} />,
  );
  return { onClose, unmount };
}

describe('ComparePanel (issue 43)', () => {
  it('starts on the current version against the one before it, loudness-matched', async () => {
    setup();
    const a = await screen.findByRole('combobox', { name: 'Version in slot A' });
    await waitFor(() => expect((a as HTMLSelectElement).value).toBe('3'));
    expect((screen.getByRole('combobox', { name: 'Version in slot B' }) as HTMLSelectElement).value).toBe(
      '2',
    );
    // 10 LU apart: the louder (A) is turned down by 10 dB, the quieter plays as it is.
    expect(screen.getByTestId('compare-gain-A').textContent).toContain('A: \u221210.0 dB matched');
    expect(screen.getByTestId('compare-gain-B').textContent).toContain('B: 0.0 dB matched');
    const snapshot = window.__journalCompare?.snapshot();
    expect(snapshot?.slots.A.levelDb).toBeCloseTo(-10, 6);
    expect(snapshot?.slots.B.levelDb).toBeCloseTo(0, 6);
    // B's music starts 0.7 s sooner in its file: its element runs 0.7 s behind A's.
    expect(snapshot?.slots.B.offset).toBeCloseTo(-0.7, 6);
  });

  it('switches by button and by X, says so, and crossfades within 20 ms on the audio clock', async () => {
    const gains = stubWebAudio();
    setup();
    const user = userEvent.setup();
    const play = await screen.findByRole('button', { name: 'Play comparison' });
    await waitFor(() => expect((play as HTMLButtonElement).disabled).toBe(false));
    await user.click(play);
    // Master, then per slot a level and a crossfade gain.
    expect(gains).toHaveLength(5);
    const toggle = screen.getByRole('button', { name: /Switch A\/B/ });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByRole('status').textContent).toContain('Now hearing A');

    await user.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('status').textContent).toContain('Now hearing B');
    const last = window.__journalCompare?.snapshot().lastSwitch;
    expect(last?.to).toBe('B');
    expect((last?.rampEndAt ?? 0) - (last?.rampStartAt ?? 0)).toBeLessThanOrEqual(0.02);
    expect((last?.rampStartAt ?? 0) - (last?.pressedAt ?? 0)).toBeLessThan(0.05);
    // A's crossfade gain ramps to 0 and B's to 1, from the moment of the switch.
    const [, , fadeA, , fadeB] = gains;
    expect(fadeA?.events.at(-1)).toEqual(['ramp', 0, last?.rampEndAt]);
    expect(fadeB?.events.at(-1)).toEqual(['ramp', 1, last?.rampEndAt]);

    fireEvent.keyDown(document.body, { key: 'x' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    expect(window.__journalCompare?.snapshot().heard).toBe('A');
    expect(window.__journalCompare?.snapshot().switches).toBe(2);
  });

  it('plays each slot as a platform would and notes an unmeasured one', async () => {
    setup();
    const user = userEvent.setup();
    await waitFor(() =>
      expect((screen.getByRole('combobox', { name: 'Version in slot A' }) as HTMLSelectElement).value).toBe(
        '3',
      ),
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Levels' }), 'spotify');
    expect(screen.getByTestId('compare-gain-A').textContent).toContain('A: \u22126.0 dB on Spotify');
    // −18 LUFS raised to −14 would take its −9 dBTP peak to −5: within −1 dBTP, so +4 dB.
    expect(screen.getByTestId('compare-gain-B').textContent).toContain('B: +4.0 dB on Spotify');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Version in slot B' }), '1');
    expect(screen.getByTestId('compare-gain-B').textContent).toContain('Not measured yet');
    expect(window.__journalCompare?.snapshot().slots.B.levelDb).toBe(0);
  });

  it('closes, and takes its audio graph with it', async () => {
    const { onClose, unmount } = setup();
    const panel = await screen.findByRole('region', { name: 'Compare' });
    await userEvent.click(within(panel).getByRole('button', { name: 'Close comparison' }));
    expect(onClose).toHaveBeenCalled();
    expect(window.__journalCompare).toBeDefined();
    unmount();
    expect(window.__journalCompare).toBeUndefined();
  });

  it('says so when the versions cannot be loaded', async () => {
    mockFetch({});
    renderWithProviders(
      <ComparePanel request={{ takes: [{ trackId: 9, name: 'Gone' }] }} onClose={() => {}} />,
    );
    expect((await screen.findByRole('alert')).textContent).toContain('Could not load the versions');
    await act(async () => {});
  });

  it('lets the media keys’ next and previous switch while it is open, and gives them back when closed', async () => {
    const handlers = new Map<string, MediaSessionActionHandler | null>();
    Object.defineProperty(navigator, 'mediaSession', {
      value: {
        metadata: null,
        playbackState: 'none',
        setActionHandler: (action: string, handler: MediaSessionActionHandler | null) =>
          handlers.set(action, handler),
        setPositionState: () => {},
      },
      configurable: true,
    });
    try {
      const { unmount } = setup();
      await screen.findByRole('button', { name: 'Play comparison' });
      act(() => handlers.get('nexttrack')?.({ action: 'nexttrack' }));
      expect(window.__journalCompare?.snapshot().heard).toBe('B');
      act(() => handlers.get('previoustrack')?.({ action: 'previoustrack' }));
      expect(window.__journalCompare?.snapshot().heard).toBe('A');
      const before = window.__journalCompare?.snapshot().switches;
      unmount();
      expect(before).toBe(2);
      expect(window.__journalCompare).toBeUndefined();
    } finally {
      Reflect.deleteProperty(navigator, 'mediaSession');
    }
  });
});
