import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { COLLECTIVES_QUERY_KEY } from '../../entities/collective/use-collectives';
import { PLAYLISTS_WITH_SHARES_KEY, sharedCollectivesKey } from '../../entities/collective/use-sharing';
import { resetCsrfToken } from '../../lib/api-client';
import { callsTo, json, mockFetch, never } from '../../test/mock-fetch';
import { renderWithProviders } from '../../test/render';
import { deferred, listed } from './collective-fixtures';
import { SharePlaylistDialog } from './share-playlist-dialog';

const mine = [
  listed(1, 'Alpha', { description: 'First crew' }),
  listed(2, 'Beta'),
  listed(3, 'Gamma', { imageUrl: '/uploads/collectives/3' }),
];
const csrf = { 'GET /api/auth/csrf-token': () => json({ csrfToken: 't' }) };

beforeEach(() => resetCsrfToken());

/** The dialog as a playlist page would use it: a button that opens it. */
function Harness({ playlistId = 9 }: { playlistId?: number }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Share
      </button>
      <SharePlaylistDialog playlistId={playlistId} open={open} onOpenChange={setOpen} />
    </>
  );
}

const checkbox = (name: string) => screen.getByRole('checkbox', { name: new RegExp(name) });
const checked = () =>
  screen
    .getAllByRole('checkbox')
    .filter((c) => c.getAttribute('aria-checked') === 'true')
    .map((c) => c.closest('label')?.textContent);

describe('SharePlaylistDialog', () => {
  it('starts from the shared set, toggles by row or checkbox, and sends the whole set', async () => {
    const collectives = deferred();
    // The server's side: the set of collectives the playlist is shared with.
    let shared: Array<{ id: number; name: string; imageUrl: string | null }> = [
      { id: 2, name: 'Beta', imageUrl: null },
    ];
    const fetch = mockFetch({
      ...csrf,
      'GET /api/collectives': () => collectives.promise,
      'GET /api/playlists/9/shared-collectives': () => json(shared),
      'POST /api/playlists/9/share': (init) => {
        const { collectiveIds } = JSON.parse(String(init?.body)) as { collectiveIds: number[] };
        shared = mine.filter((c) => collectiveIds.includes(c.id));
        return json(shared);
      },
    });
    const { queryClient } = renderWithProviders(<Harness />, {
      seed: [
        [PLAYLISTS_WITH_SHARES_KEY, []],
        [['/api/playlists'], []],
      ],
    });
    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    const dialog = screen.getByRole('dialog', { name: 'Share Playlist with Collective' });
    expect(within(dialog).getByText('Loading collectives...')).toBeTruthy();
    collectives.release(json(mine));
    await within(dialog).findByRole('checkbox', { name: /Alpha/ });
    expect(within(dialog).getByText('First crew')).toBeTruthy();
    expect(checked()).toEqual(['BBeta']);

    // Row click (on the name) and checkbox click both toggle.
    await userEvent.click(within(dialog).getByText('Alpha'));
    await userEvent.click(checkbox('Beta'));
    await userEvent.click(checkbox('Gamma'));
    expect(checked()).toEqual(['AAlphaFirst crew', 'GGamma']);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Share Playlist' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [, init] = callsTo(fetch, '/api/playlists/9/share')[0] ?? [];
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe(JSON.stringify({ collectiveIds: [1, 3] }));
    expect(queryClient.getQueryState(PLAYLISTS_WITH_SHARES_KEY)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['/api/playlists'])?.isInvalidated).toBe(true);
    await waitFor(() =>
      expect(
        queryClient.getQueryData<Array<{ id: number }>>(sharedCollectivesKey(9))?.map((c) => c.id),
      ).toEqual([1, 3]),
    );
  });

  it('shows Sharing... while saving', async () => {
    mockFetch({
      ...csrf,
      'GET /api/playlists/9/shared-collectives': () => json([]),
      'POST /api/playlists/9/share': never,
    });
    renderWithProviders(<Harness />, { seed: [[COLLECTIVES_QUERY_KEY, mine]] });
    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    await userEvent.click(await screen.findByRole('checkbox', { name: /Alpha/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Share Playlist' }));
    const sharing = await screen.findByRole('button', { name: 'Sharing...' });
    expect(sharing.hasAttribute('disabled')).toBe(true);
  });

  it('Cancel forgets the changes and closes', async () => {
    const fetch = mockFetch({
      'GET /api/playlists/9/shared-collectives': () => json([{ id: 1, name: 'Alpha', imageUrl: null }]),
    });
    renderWithProviders(<Harness />, { seed: [[COLLECTIVES_QUERY_KEY, mine]] });
    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    await userEvent.click(await screen.findByRole('checkbox', { name: /Beta/ }));
    expect(checked()).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    expect(checked()).toEqual(['AAlphaFirst crew']);
    expect(callsTo(fetch, '/api/playlists/9/share')).toHaveLength(0);
  });

  it('explains when the user has no collectives, with Share Playlist disabled', async () => {
    mockFetch({ 'GET /api/playlists/9/shared-collectives': () => json([]) });
    renderWithProviders(<Harness />, { seed: [[COLLECTIVES_QUERY_KEY, []]] });
    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    expect(await screen.findByText("You're not a member of any collectives yet.")).toBeTruthy();
    expect(screen.getByText('Join or create a collective to share playlists.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Share Playlist' }).hasAttribute('disabled')).toBe(true);
  });

  it('says when sharing fails and stays open', async () => {
    mockFetch({
      ...csrf,
      'GET /api/playlists/9/shared-collectives': () => json([]),
      'POST /api/playlists/9/share': () => json({ message: 'nope' }, 400),
    });
    renderWithProviders(<Harness />, { seed: [[COLLECTIVES_QUERY_KEY, mine]] });
    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    await userEvent.click(await screen.findByRole('checkbox', { name: /Alpha/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Share Playlist' }));
    expect(await screen.findByText('Failed to share playlist')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Share Playlist with Collective' })).toBeTruthy();
  });
});
