import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OfflineMark } from '../../entities/offline/offline-mark';
import { updateOfflineSnapshot } from '../../entities/offline/offline-status';
import { notPlayableReason } from '../../entities/track/player-track';
import type { PlayerTrack } from '../../player/player-context';
import { canPlay, stepPlayable, unplayableNotice } from '../../player/player-queue';
import { fakeIdbKeyval, installFakeCaches, resetFakeIdb } from '../../test/fake-offline-storage';
import { json, mockFetch } from '../../test/mock-fetch';
import { renderWithProviders } from '../../test/render';
import { skipReason } from '../player-bar/queue-row';
import { OfflineBanner } from './offline-banner';
import { PlaylistOfflineButton } from './playlist-offline-button';

vi.mock('idb-keyval', () => fakeIdbKeyval);

const t = (id: number, extra: Partial<PlayerTrack> = {}): PlayerTrack => ({
  id,
  name: `Track ${id}`,
  ...extra,
});

function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

beforeEach(() => {
  installFakeCaches();
  resetFakeIdb();
});
afterEach(() => {
  setOnline(true);
  updateOfflineSnapshot({ indexLoaded: false, trackIds: new Set(), playlistIds: new Set(), jobs: new Map() });
  vi.unstubAllGlobals();
});

describe('with no network', () => {
  beforeEach(() => {
    updateOfflineSnapshot({ indexLoaded: true, trackIds: new Set([1]) });
    setOnline(false);
  });

  it('marks tracks not downloaded "Not available offline", and the queue skips them', () => {
    expect(notPlayableReason(t(2, { playable: true }))).toBe('Not available offline');
    expect(notPlayableReason(t(1, { playable: true }))).toBeNull();
    // A processing track keeps its own reason.
    expect(notPlayableReason(t(2, { playable: false }))).toBe('Not playable yet: still processing');
    expect(canPlay(t(2))).toBe(false);
    expect(skipReason(t(2))).toBe('Not available offline: skipped');
    expect(skipReason(t(1))).toBeNull();
    const queue = [t(1), t(2), t(3), t(4)];
    updateOfflineSnapshot({ trackIds: new Set([1, 4]) });
    expect(stepPlayable(queue, t(1), 1, false)?.id).toBe(4);
    expect(unplayableNotice(t(2)).title).toBe('Not Available Offline');
  });

  it('shows the mark under a row’s name, and takes it away when the network is back', () => {
    render(
      <>
        <OfflineMark trackId={1} />
        <OfflineMark trackId={2} />
      </>,
    );
    expect(screen.getAllByTestId('offline-mark')).toHaveLength(1);
    expect(screen.getByText('Not available offline')).toBeTruthy();
    setOnline(true);
    expect(screen.queryByText('Not available offline')).toBeNull();
  });
});

describe('the Offline banner', () => {
  it('appears as a status when the network goes, and goes when it is back (syncing then)', async () => {
    const fetch = mockFetch({});
    render(<OfflineBanner />);
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('');
    setOnline(false);
    expect(status.textContent).toBe('Offline: showing your journal as last seen; downloaded tracks play.');
    setOnline(true);
    expect(status.textContent).toBe('');
    // Nothing is downloaded: the sync asked nothing of the server.
    await waitFor(() => expect(fetch).not.toHaveBeenCalled());
  });
});

describe('Available offline on a playlist', () => {
  it('downloads its tracks with progress, then says "Downloaded"; pressed again, removes them', async () => {
    vi.stubGlobal('navigator', { ...navigator, onLine: true, storage: undefined });
    mockFetch({
      'GET /api/tracks/1/stream': () =>
        new Response(new Uint8Array(10), { headers: { 'content-length': '10' } }),
      'GET /api/tracks/1/waveform': () => json({ duration: 1, peaks: [1] }),
      'GET /api/tracks/2/stream': () =>
        new Response(new Uint8Array(10), { headers: { 'content-length': '10' } }),
      'GET /api/tracks/2/waveform': () => json({ duration: 1, peaks: [1] }),
    });
    renderWithProviders(<PlaylistOfflineButton playlist={{ id: 5, name: 'Set' }} tracks={[t(1), t(2)]} />);
    await userEvent.click(screen.getByRole('button', { name: 'Available offline' }));
    const done = await screen.findByRole('button', { name: 'Downloaded' });
    expect(done.getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(done);
    const again = await screen.findByRole('button', { name: 'Available offline' });
    expect(again.getAttribute('aria-pressed')).toBe('false');
  });
});

describe('Available offline in a track menu', () => {
  it('is a checkbox item: chosen, it stores the track and says so; checked afterwards', async () => {
    vi.stubGlobal('navigator', { ...navigator, onLine: true, storage: undefined });
    mockFetch({
      'GET /api/tracks/1/stream': () =>
        new Response(new Uint8Array(10), { headers: { 'content-length': '10' } }),
      'GET /api/tracks/1/waveform': () => json({ duration: 1, peaks: [1] }),
    });
    const { RadixTrackMoreMenu } = await import('../tracks/track-queue-items');
    const { unmount } = renderWithProviders(
      <RadixTrackMoreMenu track={t(1)} defaultOpen>
        <button type="button">More options</button>
      </RadixTrackMoreMenu>,
    );
    const item = await screen.findByRole('menuitemcheckbox', { name: 'Available offline' });
    expect(item.getAttribute('aria-checked')).toBe('false');
    await userEvent.click(item);
    expect(await screen.findByText('Available offline: Track 1', { exact: true })).toBeTruthy();
    unmount();
    renderWithProviders(
      <RadixTrackMoreMenu track={t(1)} defaultOpen>
        <button type="button">More options</button>
      </RadixTrackMoreMenu>,
    );
    const again = await screen.findByRole('menuitemcheckbox', { name: 'Available offline' });
    expect(again.getAttribute('aria-checked')).toBe('true');
  });
});
