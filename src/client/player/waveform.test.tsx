import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { SharedTrack } from '../../shared/schemas/users';
import { PlayerBar } from '../features/player-bar/player-bar';
import { SharedTrackPage } from '../features/tracks/shared-track-page';
import { liveWavesurfers, wavesurfers } from '../test/fake-wavesurfer';
import { callsTo, json, mockFetch } from '../test/mock-fetch';
import { nightBus, nightBusPeaks } from '../test/night-bus';
import { renderWithProviders } from '../test/render';
import type { PlayerContextValue } from './player-context';
import { usePlayer } from './use-player';

vi.mock('wavesurfer.js', () => import('../test/fake-wavesurfer'));

const peaks = nightBusPeaks;
const track = nightBus;

let player: PlayerContextValue;
function Probe() {
  player = usePlayer();
  return null;
}

const live = liveWavesurfers;

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
