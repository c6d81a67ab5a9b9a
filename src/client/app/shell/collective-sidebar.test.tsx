import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { collectivePlaylistsKey } from '../../entities/collective/use-collectives';
import { person, sharedPlaylist } from '../../features/collectives/collective-fixtures';
import { renderWithProviders } from '../../test/render';
import { CollectiveSidebar } from './collective-sidebar';

const playlists = [
  sharedPlaylist(1, 'Dub', { user: person('a', { username: 'king_tubby', firstName: 'Osbourne' }) }),
  sharedPlaylist(2, 'Ska', { user: person('b', { firstName: 'Prince' }) }),
  sharedPlaylist(3, 'Roots', { user: person('c') }),
];

describe('CollectiveSidebar', () => {
  it("names each playlist's owner: username, else first name, else Unknown", () => {
    renderWithProviders(<CollectiveSidebar collectiveId={4} />, {
      path: '/collective/4',
      seed: [[collectivePlaylistsKey(4), playlists]],
    });
    const list = screen.getByRole('region', { name: 'Member Playlists' });
    const rows = within(list).getAllByRole('button');
    expect(rows.map((r) => r.textContent)).toEqual(['DDubKking_tubby', 'SSkaPPrince', 'RRootsUUnknown']);
    // With nothing remembered, the newest share is the one shown.
    expect(rows[0]?.getAttribute('aria-current')).toBe('page');
  });

  it('selects a playlist in place, remembering it, and brings the collective page back from elsewhere', async () => {
    const { location } = renderWithProviders(<CollectiveSidebar collectiveId={4} />, {
      path: '/collective/4/settings',
      seed: [[collectivePlaylistsKey(4), playlists]],
    });
    await userEvent.click(screen.getByRole('button', { name: /Ska/ }));
    expect(localStorage.getItem('collectivePlaylist:4')).toBe('2');
    expect(location.history?.at(-1)).toBe('/collective/4');
    expect(screen.getByRole('button', { name: /Ska/ }).getAttribute('aria-current')).toBe('page');
    await userEvent.click(screen.getByRole('button', { name: /Roots/ }));
    // Already on the collective page: no new history entry, just a new selection.
    expect(location.history?.filter((p) => p === '/collective/4')).toHaveLength(1);
    expect(localStorage.getItem('collectivePlaylist:4')).toBe('3');
  });

  it('says when nothing is shared', () => {
    renderWithProviders(<CollectiveSidebar collectiveId={4} />, {
      path: '/collective/4',
      seed: [[collectivePlaylistsKey(4), []]],
    });
    expect(screen.getByText('No playlists yet')).toBeTruthy();
  });
});
