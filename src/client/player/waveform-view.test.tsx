import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SharedTrackPage } from '../features/tracks/shared-track-page';
import { liveWavesurfers, wavesurfers } from '../test/fake-wavesurfer';
import { json, mockFetch } from '../test/mock-fetch';
import { nightBusPage, nightBusPeaks } from '../test/night-bus';
import { renderWithProviders } from '../test/render';
import type { PlayerContextValue } from './player-context';
import { usePlayer } from './use-player';
import { WAVEFORM_VIEW_STORAGE_KEY } from './waveform-view';

// The waveform's view switch (issue 47, decision 0843): bars or the take's spectrogram, remembered,
// the spectrogram under the same seeking surface.

vi.mock('wavesurfer.js', () => import('../test/fake-wavesurfer'));

const peaks = nightBusPeaks;
const shared = nightBusPage;

let player: PlayerContextValue;
function Probe() {
  player = usePlayer();
  return null;
}
const live = liveWavesurfers;

function renderPage() {
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
}

beforeEach(() => {
  wavesurfers.length = 0;
  localStorage.clear();
});

describe('the waveform’s view switch', () => {
  it('shows the bars first, then the spectrogram under the same seeking surface, and remembers it', async () => {
    renderPage();
    await waitFor(() => expect(live()).toHaveLength(1));
    const bars = screen.getByRole('button', { name: 'Waveform' });
    const picture = screen.getByRole('button', { name: 'Spectrogram' });
    expect(bars.getAttribute('aria-pressed')).toBe('true');
    expect(picture.getAttribute('aria-pressed')).toBe('false');
    expect(screen.queryByTestId('spectrogram')).toBeNull();
    expect(live()[0]?.options.waveColor).not.toBe('rgba(0, 0, 0, 0)');

    await userEvent.click(picture);
    expect(picture.getAttribute('aria-pressed')).toBe('true');
    const image = screen.getByRole('img', { name: /Spectrogram of Night Bus/ });
    expect(image.getAttribute('src')).toBe('/api/tracks/12/spectrogram');
    expect(localStorage.getItem(WAVEFORM_VIEW_STORAGE_KEY)).toBe('spectrogram');
    // One drawing again, with no bars of its own over the picture, and seeking as before.
    await waitFor(() => expect(live()).toHaveLength(1));
    expect(live()[0]?.options.waveColor).toBe('rgba(0, 0, 0, 0)');
    expect(screen.getByRole('slider', { name: 'Seek in Night Bus' })).toBeTruthy();
    act(() => live()[0]?.emit('interaction', 30));
    expect(player.currentTrack?.name).toBe('Night Bus');
    const audio = screen.getByTestId('audio-player') as HTMLAudioElement;
    expect(audio.currentTime).toBe(30);
  });

  it('opens on the remembered view', async () => {
    localStorage.setItem(WAVEFORM_VIEW_STORAGE_KEY, 'spectrogram');
    renderPage();
    expect(await screen.findByTestId('spectrogram')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Spectrogram' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('says so, and shows the bars, for a take that has no spectrogram', async () => {
    localStorage.setItem(WAVEFORM_VIEW_STORAGE_KEY, 'spectrogram');
    renderPage();
    fireEvent.error(await screen.findByTestId('spectrogram'));
    expect(await screen.findByText('No spectrogram for this take yet')).toBeTruthy();
    expect(screen.queryByTestId('spectrogram')).toBeNull();
    await waitFor(() => expect(live()[0]?.options.waveColor).not.toBe('rgba(0, 0, 0, 0)'));
  });
});
