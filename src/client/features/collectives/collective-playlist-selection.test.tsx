import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetCsrfToken } from '../../lib/api-client';
import { json, mockFetch } from '../../test/mock-fetch';
import { renderWithProviders } from '../../test/render';
import { CompareProvider, type CompareRequest, useCompare } from '../compare';
import { collective, playlistDetail, playlistTrack, sharedPlaylist } from './collective-fixtures';
import { CollectivePlaylistPage } from './collective-playlist-page';

const dub = sharedPlaylist(11, 'Dub');
const tracks = [playlistTrack(101, 'Rockers'), playlistTrack(102, 'Steppers'), playlistTrack(103, 'Lovers')];

let opened: CompareRequest | null = null;
function Probe() {
  opened = useCompare().request;
  return null;
}

function openShared() {
  mockFetch({
    'GET /api/auth/csrf-token': () => json({ csrfToken: 't' }),
    'GET /api/collectives/1': () => json(collective(1, 'Tape Club')),
    'GET /api/collectives/1/playlists': () => json([dub]),
    'GET /api/collectives/1/playlists/11': () => json(playlistDetail(dub, tracks)),
    'GET /api/collectives/1/playlists/11/comments': () => json([]),
  });
  renderWithProviders(
    <CompareProvider>
      <Probe />
      <CollectivePlaylistPage collectiveId={1} playlistId="11" />
    </CompareProvider>,
    { path: '/collective/1/playlist/11' },
  );
}

const bar = () => screen.getByRole('region', { name: 'Selected tracks' });

beforeEach(() => {
  resetCsrfToken();
  opened = null;
});

describe('ticking takes in a collective’s playlist (issue 43)', () => {
  it('compares two ticked takes with the collective’s comments; nothing to remove', async () => {
    openShared();
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select Lovers' }));
    expect(within(bar()).getByRole('button', { name: 'Compare' }).getAttribute('aria-disabled')).toBe('true');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Rockers' }));
    expect(within(bar()).getByRole('status').textContent).toBe('2 selected');
    expect(within(bar()).queryByRole('button', { name: 'Remove from playlist' })).toBeNull();
    await userEvent.click(within(bar()).getByRole('button', { name: 'Compare' }));
    expect(opened).toEqual({
      takes: [
        { trackId: 101, name: 'Rockers' },
        { trackId: 103, name: 'Lovers' },
      ],
      collectiveId: 1,
    });
    // The rows' own controls still work beside the ticks.
    expect(screen.getAllByRole('button', { name: /^Play / }).length).toBeGreaterThanOrEqual(3);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Selected tracks' })).toBeNull();
  });
});
