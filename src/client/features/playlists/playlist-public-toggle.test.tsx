import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PlaylistDetail } from '../../../shared/schemas/playlists';
import { PLAYLISTS_QUERY_KEY, playlistQueryKey } from '../../entities/playlist/use-playlists';
import { resetCsrfToken } from '../../lib/api-client';
import { callsTo, json, mockFetch } from '../../test/mock-fetch';
import { renderWithProviders } from '../../test/render';
import { detail, track } from './playlist-fixtures';
import { PlaylistPage } from './playlist-page';

// Issue 24, decision 0345: the owner's 'Public playlist' switch on the playlist page.
const open = track(1, 'Open Take');
const secret = track(2, 'Secret Take', { visibility: 'private' });
const csrf = { 'GET /api/auth/csrf-token': () => json({ csrfToken: 't' }) };

function renderOwnerPage(playlist: PlaylistDetail, patch: (body: { isPublic: boolean }) => Response) {
  let current = playlist;
  const fetch = mockFetch({
    ...csrf,
    'GET /api/playlists/5': () => json(current),
    'PATCH /api/playlists/5': (init) => {
      const body = JSON.parse(String(init?.body)) as { isPublic: boolean };
      const res = patch(body);
      if (res.ok) current = { ...current, isPublic: body.isPublic };
      return res;
    },
  });
  const view = renderWithProviders(<PlaylistPage playlistId="5" />, {
    seed: [
      [playlistQueryKey(5), playlist],
      [PLAYLISTS_QUERY_KEY, [{ ...playlist, tracks: undefined }]],
    ],
  });
  return { ...view, fetch };
}

const theSwitch = () => screen.getByRole('switch', { name: 'Public playlist' });
const patchBodies = (fetch: ReturnType<typeof mockFetch>) =>
  callsTo(fetch, '/api/playlists/5')
    .filter(([, init]) => init?.method === 'PATCH')
    .map(([, init]) => JSON.parse(String(init?.body)));

beforeEach(() => resetCsrfToken());

describe('the Public playlist switch', () => {
  it('starts private with its hint and no link', () => {
    renderOwnerPage(detail(5, [open]), () => json({}));
    expect(theSwitch().getAttribute('aria-checked')).toBe('false');
    expect(
      screen.getByText('Only you, and collectives you share it with, can see this playlist'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Copy playlist link' })).toBeNull();
    expect(screen.queryByText(/\/playlist\/5$/)).toBeNull();
  });

  it('turns public at once, sends { isPublic: true } and shows the link with a copy button', async () => {
    const playlist = detail(5, [open, secret]);
    const { fetch, queryClient } = renderOwnerPage(playlist, () =>
      json({ ...playlist, tracks: undefined, abilities: undefined, isPublic: true }),
    );
    await userEvent.click(theSwitch());
    expect(theSwitch().getAttribute('aria-checked')).toBe('true');
    expect(patchBodies(fetch)).toEqual([{ isPublic: true }]);
    expect(screen.getByText(/Anyone with the link can listen to its public tracks/)).toBeTruthy();
    // A public playlist shows visitors its public tracks only: the owner is told how many stay hidden.
    expect(screen.getByText(/1 private track stays hidden from visitors/)).toBeTruthy();
    expect(screen.getByRole('link', { name: `${window.location.origin}/playlist/5` })).toBeTruthy();
    expect(await screen.findByText('Playlist updated')).toBeTruthy();
    // The sidebar's list follows too.
    expect(queryClient.getQueryData<{ isPublic: boolean }[]>(PLAYLISTS_QUERY_KEY)?.[0]?.isPublic).toBe(true);

    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await userEvent.click(screen.getByRole('button', { name: 'Copy playlist link' }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/playlist/5`);
    expect(await screen.findByRole('button', { name: 'Playlist link copied' })).toBeTruthy();
  });

  it('turns private again', async () => {
    const playlist = detail(5, [open], { isPublic: true });
    const { fetch } = renderOwnerPage(playlist, () => json({ ...playlist, isPublic: false }));
    expect(theSwitch().getAttribute('aria-checked')).toBe('true');
    await userEvent.click(theSwitch());
    expect(patchBodies(fetch)).toEqual([{ isPublic: false }]);
    expect(theSwitch().getAttribute('aria-checked')).toBe('false');
    expect(screen.queryByRole('button', { name: 'Copy playlist link' })).toBeNull();
  });

  it('goes back and says so when the server refuses', async () => {
    renderOwnerPage(detail(5, [open]), () =>
      json({ statusCode: 500, error: 'Internal Server Error', message: 'boom' }, 500),
    );
    await userEvent.click(theSwitch());
    expect(await screen.findByText('Failed to update playlist')).toBeTruthy();
    await waitFor(() => expect(theSwitch().getAttribute('aria-checked')).toBe('false'));
    expect(screen.queryByRole('button', { name: 'Copy playlist link' })).toBeNull();
  });

  it('is disabled while the change is on its way', async () => {
    let answer: (res: Response) => void = () => {};
    mockFetch({
      ...csrf,
      'GET /api/playlists/5': () => json(detail(5, [open])),
      'PATCH /api/playlists/5': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderWithProviders(<PlaylistPage playlistId="5" />, {
      seed: [[playlistQueryKey(5), detail(5, [open])]],
    });
    await userEvent.click(theSwitch());
    await waitFor(() => expect(theSwitch().hasAttribute('disabled')).toBe(true));
    answer(json({ ...detail(5, []), isPublic: true }));
    await waitFor(() => expect(theSwitch().hasAttribute('disabled')).toBe(false));
  });

  it('is not offered to someone who may not edit the playlist', () => {
    renderOwnerPage(detail(5, [open], { abilities: { edit: false, delete: false, share: false } }), () =>
      json({}),
    );
    expect(screen.queryByRole('switch', { name: 'Public playlist' })).toBeNull();
  });
});
