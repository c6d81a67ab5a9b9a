import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { playlistQueryKey } from '../../entities/playlist/use-playlists';
import { resetCsrfToken } from '../../lib/api-client';
import { keyboardStep } from '../../lib/drag-sensors';
import { callsTo, json, mockFetch } from '../../test/mock-fetch';
import { renderWithProviders } from '../../test/render';
import { layOutStackedRows } from '../../test/stacked-rows';
import { detail, track } from './playlist-fixtures';
import { PlaylistPage } from './playlist-page';

const [a, b, c] = [track(1, 'Alpha'), track(2, 'Bravo'), track(3, 'Charlie')];
const ROW = 48;

const layOutRows = () => layOutStackedRows('data-track-id', { rowHeight: ROW, width: 600 });

const titles = () =>
  Array.from(
    screen.getByRole('list', { name: 'Playlist tracks' }).children,
    (row) => row.querySelector('p')?.textContent,
  );

/** Focus the handle, Space, ArrowDown once (25 px), Space: the keyboard story of spec section 2. */
async function moveFirstDownByKeyboard() {
  const [handle] = screen.getAllByRole('button', { name: 'Drag to reorder' });
  handle?.focus();
  await userEvent.keyboard('[Space]');
  await userEvent.keyboard('[ArrowDown]');
  await userEvent.keyboard('[Space]');
}

beforeEach(() => {
  resetCsrfToken();
  layOutRows();
});

describe('reordering a playlist', () => {
  it('moves 25 px per arrow press', () => {
    const event = (code: string) => new KeyboardEvent('keydown', { code });
    const context = { currentCoordinates: { x: 10, y: 100 } } as Parameters<typeof keyboardStep>[1];
    expect(keyboardStep(event('ArrowDown'), context)).toEqual({ x: 10, y: 125 });
    expect(keyboardStep(event('ArrowUp'), context)).toEqual({ x: 10, y: 75 });
    expect(keyboardStep(event('KeyA'), context)).toBeUndefined();
  });

  it('shows the new order at once and sends every position', async () => {
    const fetch = mockFetch({
      'GET /api/auth/csrf-token': () => json({ csrfToken: 't' }),
      'PUT /api/playlists/5/reorder': () => json({ success: true }),
      'GET /api/playlists/5': () => json(detail(5, [a, b, c])),
    });
    renderWithProviders(<PlaylistPage playlistId="5" />, {
      seed: [[playlistQueryKey(5), detail(5, [a, b, c])]],
    });
    await moveFirstDownByKeyboard();
    expect(titles()).toEqual(['Bravo', 'Alpha', 'Charlie']);
    await waitFor(() => expect(callsTo(fetch, '/api/playlists/5/reorder')).toHaveLength(1));
    const [, init] = callsTo(fetch, '/api/playlists/5/reorder')[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual([
      { trackId: 2, position: 0 },
      { trackId: 1, position: 1 },
      { trackId: 3, position: 2 },
    ]);
    expect(
      within(screen.getByRole('list', { name: 'Playlist tracks' })).getAllByText(/^[123]$/),
    ).toHaveLength(3);
  });

  it('refetches the playlist and says so when the server refuses the order', async () => {
    let refuse: () => void = () => {};
    const refused = new Promise<Response>((resolve) => {
      refuse = () => resolve(json({ message: 'Order does not match' }, 400));
    });
    const fetch = mockFetch({
      'GET /api/auth/csrf-token': () => json({ csrfToken: 't' }),
      'PUT /api/playlists/5/reorder': () => refused,
      'GET /api/playlists/5': () => json(detail(5, [a, b, c])),
    });
    renderWithProviders(<PlaylistPage playlistId="5" />, {
      seed: [[playlistQueryKey(5), detail(5, [a, b, c])]],
    });
    await moveFirstDownByKeyboard();
    expect(titles()).toEqual(['Bravo', 'Alpha', 'Charlie']);
    // One read on opening; the refusal makes another.
    await waitFor(() => expect(callsTo(fetch, '/api/playlists/5')).toHaveLength(1));
    refuse();
    expect(await screen.findByText('Failed to reorder tracks')).toBeTruthy();
    await waitFor(() => expect(titles()).toEqual(['Alpha', 'Bravo', 'Charlie']));
    expect(callsTo(fetch, '/api/playlists/5')).toHaveLength(2);
  });
});
