import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Track } from '../../shared/schemas/tracks';
import type { SharedTrack } from '../../shared/schemas/users';
import { readyMedia } from '../entities/track/test-tracks';
import { PlayerBar } from '../features/player-bar/player-bar';
import { SharedTrackPage } from '../features/tracks/shared-track-page';
import { callsTo, json, mockFetch } from '../test/mock-fetch';
import { renderWithProviders } from '../test/render';
import type { PlayerContextValue } from './player-context';
import { usePlayer } from './use-player';

/** wavesurfer.js draws on a canvas jsdom lacks: a stand-in that records how it was made and used. */
const wavesurfers = vi.hoisted(
  () =>
    [] as Array<{
      options: { media?: HTMLMediaElement; peaks?: number[][]; duration?: number };
      emit: (event: string, ...args: unknown[]) => void;
      destroyed: boolean;
    }>,
);
vi.mock('wavesurfer.js', () => ({
  default: {
    create: (options: { media?: HTMLMediaElement; peaks?: number[][]; duration?: number }) => {
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
      };
      wavesurfers.push(instance);
      return instance;
    },
  },
}));

const peaks = Array.from({ length: 1000 }, (_, i) => (i % 2 ? 0.5 : -0.5));
const track: Track = {
  id: 12,
  userId: 'owner-1',
  name: 'Night Bus',
  ...readyMedia,
  version: 1,
  filename: 'night-bus.flac',
  mimeType: 'audio/flac',
  size: 1024,
  duration: 40,
  notes: null,
  fileCreatedAt: null,
  shareToEquipmentPages: false,
  visibility: 'public',
  createdAt: '2024-05-01T00:00:00.000Z',
  updatedAt: '2024-05-01T00:00:00.000Z',
  equipment: [],
};

let player: PlayerContextValue;
function Probe() {
  player = usePlayer();
  return null;
}

const live = () => wavesurfers.filter((w) => !w.destroyed);

describe('the waveform (issue 10)', () => {
  it('in the player bar follows the app’s own <audio> with the server’s peaks, and seeks by click and keys', async () => {
    wavesurfers.length = 0;
    mockFetch({ 'GET /api/tracks/12/waveform': () => json({ duration: 40, peaks }) });
    renderWithProviders(
      <>
        <Probe />
        <PlayerBar />
      </>,
    );
    const audio = screen.getByTestId('audio-player') as HTMLAudioElement;
    act(() => player.playTrack(track, [track]));
    await waitFor(() => expect(live()).toHaveLength(1));
    const [wave] = live();
    expect(wave?.options.media).toBe(audio);
    expect(wave?.options.peaks).toEqual([peaks]);
    expect(wave?.options.duration).toBe(40);

    act(() => wave?.emit('interaction', 8));
    expect(audio.currentTime).toBe(8);
    const slider = screen.getByRole('slider', { name: 'Seek' });
    expect(slider.getAttribute('aria-valuetext')).toBe('0:08 of 0:40');
    slider.focus();
    await userEvent.keyboard('[ArrowRight]');
    // Arrows step 5 s, End goes to the end.
    expect(audio.currentTime).toBe(13);
    await userEvent.keyboard('[End]');
    expect(audio.currentTime).toBe(40);
  });

  it('while the peaks are still being made, the bar keeps the plain seek slider', async () => {
    wavesurfers.length = 0;
    const fetch = mockFetch({
      'GET /api/tracks/12/waveform': () =>
        json(
          {
            statusCode: 409,
            error: 'Conflict',
            message: 'Still processing',
            processing: { state: 'pending', error: null },
          },
          409,
        ),
    });
    renderWithProviders(
      <>
        <Probe />
        <PlayerBar />
      </>,
    );
    act(() => player.playTrack(track, [track]));
    await waitFor(() => expect(callsTo(fetch, '/api/tracks/12/waveform')).toHaveLength(1));
    await act(async () => {});
    // The plain range input, not a waveform.
    const seek = screen.getByRole('slider', { name: 'Seek' });
    expect(seek).toBeInstanceOf(HTMLInputElement);
    expect(seek.getAttribute('type')).toBe('range');
    expect(wavesurfers).toHaveLength(0);
  });

  it('on the shared track page plays the track from the point clicked, then follows the player', async () => {
    wavesurfers.length = 0;
    const shared: SharedTrack = {
      track,
      user: {
        id: 'owner-1',
        username: 'grace',
        firstName: null,
        lastName: null,
        avatarUrl: null,
        updatedAt: '',
      },
    };
    mockFetch({
      'GET /api/tracks/12': () => json(shared),
      'GET /api/tracks/12/waveform': () => json({ duration: 40, peaks }),
    });
    renderWithProviders(
      <>
        <Probe />
        <SharedTrackPage trackId="12" />
      </>,
      { path: '/track/12', seed: [[['/api/tracks', '12'], shared]] },
    );
    const audio = screen.getByTestId('audio-player') as HTMLAudioElement;
    await waitFor(() => expect(live()).toHaveLength(1));
    // Not playing yet: it draws at rest, not following the app's element.
    expect(live()[0]?.options.media).not.toBe(audio);

    act(() => live()[0]?.emit('interaction', 30));
    expect(player.currentTrack?.name).toBe('Night Bus');
    expect(player.currentTrack?.artist).toBe('grace');
    expect(audio.getAttribute('src')).toBe('/api/tracks/12/stream');
    expect(audio.currentTime).toBe(30);
    await waitFor(() => expect(live()[0]?.options.media).toBe(audio));
    act(() => live()[0]?.emit('interaction', 10));
    expect(audio.currentTime).toBe(10);
  });
});
