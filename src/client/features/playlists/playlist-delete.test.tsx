import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Playlist } from '../../../shared/schemas/playlists';
import { PLAYLISTS_WITH_SHARES_KEY } from '../../entities/collective/use-sharing';
import { PLAYLISTS_QUERY_KEY, playlistQueryKey } from '../../entities/playlist/use-playlists';
import { resetCsrfToken } from '../../lib/api-client';
import { callsTo, json, mockFetch } from '../../test/mock-fetch';
import { renderWithProviders } from '../../test/render';
import { detail, track } from './playlist-fixtures';
import { PlaylistPage } from './playlist-page';

// Decision 0120: Delete Playlist sits in the playlist's menu, asks first naming it, then the
// journal opens and the playlist leaves the sidebar's lists at once.

const csrf = { 'GET /api/auth/csrf-token': () => json({ csrfToken: 't' }) };
beforeEach(() => resetCsrfToken());

const playlist = detail(5, [track(1, 'Kick Jam')], { name: 'Night Drive' });
const { tracks: _tracks, abilities: _abilities, ...listed } = playlist;

describe('Delete Playlist', () => {
  it('asks with the playlist’s name, deletes it, leaves for the journal and drops it from the lists', async () => {
    const fetch = mockFetch({
      ...csrf,
      'GET /api/playlists/5': () => json(playlist),
      'DELETE /api/playlists/5': () => json({ success: true }),
      'GET /api/playlists': () => json([]),
      'GET /api/playlists/with-shared-collectives': () => json([]),
    });
    const { location, queryClient } = renderWithProviders(<PlaylistPage playlistId="5" />, {
      path: '/playlist/5',
      seed: [
        [playlistQueryKey(5), playlist],
        [PLAYLISTS_QUERY_KEY, [listed as Playlist]],
        [
          PLAYLISTS_WITH_SHARES_KEY,
          [{ ...listed, sharedCollectives: [{ id: 1, name: 'Crew', imageUrl: null }] }],
        ],
      ],
    });
    await userEvent.click(screen.getByRole('button', { name: 'More playlist actions' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete Playlist' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete "Night Drive"?' });
    expect(dialog.textContent).toContain('leaves every collective it is shared with');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete Playlist' }));
    expect(await screen.findByText('"Night Drive" has been deleted')).toBeTruthy();
    expect(callsTo(fetch, '/api/playlists/5').some(([, init]) => init?.method === 'DELETE')).toBe(true);
    expect(location.history?.at(-1)).toBe('/');
    expect(queryClient.getQueryData(PLAYLISTS_QUERY_KEY)).toEqual([]);
    expect(queryClient.getQueryData(PLAYLISTS_WITH_SHARES_KEY)).toEqual([]);
  });

  it('keeps the playlist when the dialog is cancelled, and offers nothing the caller may not do', async () => {
    const fetch = mockFetch({ ...csrf, 'GET /api/playlists/5': () => json(playlist) });
    renderWithProviders(<PlaylistPage playlistId="5" />, { seed: [[playlistQueryKey(5), playlist]] });
    await userEvent.click(screen.getByRole('button', { name: 'More playlist actions' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete Playlist' }));
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(callsTo(fetch, '/api/playlists/5').some(([, init]) => init?.method === 'DELETE')).toBe(false);

    const readOnly = { ...playlist, abilities: { edit: false, delete: false, share: false } };
    mockFetch({ 'GET /api/playlists/5': () => json(readOnly) });
    const other = renderWithProviders(<PlaylistPage playlistId="5" />, {
      seed: [[playlistQueryKey(5), readOnly]],
    });
    const view = within(other.container);
    expect(view.queryByRole('button', { name: 'More playlist actions' })).toBeNull();
    expect(view.queryByRole('button', { name: 'Edit Details' })).toBeNull();
    expect(view.queryByRole('button', { name: 'Share Playlist' })).toBeNull();
  });
});
