import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { playlistQueryKey } from '../../entities/playlist/use-playlists';
import { makeTrack } from '../../entities/track/test-tracks';
import { resetCsrfToken } from '../../lib/api-client';
import type { PlayerTrack } from '../../player/player-context';
import { callsTo, json, mockFetch } from '../../test/mock-fetch';
import { renderWithProviders, testUser } from '../../test/render';
import { detail, track } from '../playlists/playlist-fixtures';
import { PlaylistPage } from '../playlists/playlist-page';
import { TrackCard } from '../tracks/track-card';
import { TrackMoreMenu } from '../tracks/track-more-menu';
import { shareLink } from './share-fixtures';

// Where "Share…" is offered (decision 0340): the owner's track menus and playlist header only.

const signedIn = [[['/api/auth/user'], testUser]] as Array<[unknown[], unknown]>;
const owner = { artist: 'ada', artworkUrl: null };
const mine: PlayerTrack = {
  id: 7,
  name: 'Harbour Lights',
  userId: testUser.id,
  visibility: 'private',
  playable: true,
  processing: { state: 'ready', error: null },
};

function api() {
  return mockFetch({
    'GET /api/auth/csrf-token': () => json({ csrfToken: 't' }),
    'GET /api/auth/user': () => json(testUser),
    'GET /api/shares': () => json([shareLink(1, { trackId: 7, visits: 2 })]),
  });
}

beforeEach(() => resetCsrfToken());

describe('"Share…" in the track menus', () => {
  it("the owner's row menu has it beside Copy link; it opens the dialog with this track's links", async () => {
    const user = userEvent.setup();
    const fetch = api();
    renderWithProviders(<TrackMoreMenu track={mine} />, { seed: signedIn });
    await user.click(screen.getByRole('button', { name: 'More options' }));
    expect(await screen.findByRole('menuitem', { name: 'Copy link (private)' })).toBeTruthy();
    await user.click(screen.getByRole('menuitem', { name: 'Share…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share “Harbour Lights”' });
    expect(await within(dialog).findByText('2 visits')).toBeTruthy();
    expect(String(callsTo(fetch, '/api/shares')[0]?.[0])).toBe('/api/shares?trackId=7');
    // Private: no public page to copy, the way to make it public instead.
    expect(within(dialog).getByRole('button', { name: 'Make track public' })).toBeTruthy();
  });

  it("is not offered on someone else's track, nor signed out", async () => {
    const user = userEvent.setup();
    api();
    const { unmount } = renderWithProviders(<TrackMoreMenu track={{ ...mine, userId: 'someone-else' }} />, {
      seed: signedIn,
    });
    await user.click(screen.getByRole('button', { name: 'More options' }));
    expect(await screen.findByRole('menuitem', { name: 'Copy link (private)' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Share…' })).toBeNull();
    unmount();

    renderWithProviders(<TrackMoreMenu track={mine} />, { seed: [[['/api/auth/user'], null]] });
    await user.click(screen.getByRole('button', { name: 'More options' }));
    expect(await screen.findByRole('menuitem', { name: 'Download' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Share…' })).toBeNull();
  });

  it("the owner's track card menu has it (and keeps Copy link); the public view has no such menu", async () => {
    const user = userEvent.setup();
    api();
    const card = makeTrack({ id: 7, name: 'Tape Loop', visibility: 'public' });
    const { unmount } = renderWithProviders(<TrackCard track={card} owner={owner} />, { seed: signedIn });
    await user.click(screen.getByRole('button', { name: 'Track options' }));
    expect(await screen.findByRole('menuitem', { name: 'Copy link' })).toBeTruthy();
    await user.click(screen.getByRole('menuitem', { name: 'Share…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share “Tape Loop”' });
    const field = within(dialog).getByRole('textbox', { name: /This track is public/ }) as HTMLInputElement;
    expect(field.value).toBe(`${window.location.origin}/track/7`);
    unmount();

    // A stranger's view: the public card's menu has only the queue, download and copy items.
    const { userId: _mine, ...publicCard } = card;
    renderWithProviders(<TrackCard track={publicCard} owner={owner} publicView />, { seed: signedIn });
    expect(screen.queryByRole('button', { name: 'Track options' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'More options' }));
    expect(await screen.findByRole('menuitem', { name: 'Download' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Share…' })).toBeNull();
  });
});

describe('"Share…" on the playlist page', () => {
  function renderPage(share: boolean) {
    const playlist = detail(5, [track(1, 'Kick Jam')], {
      isPublic: true,
      abilities: { edit: share, delete: share, share },
    });
    const fetch = mockFetch({
      'GET /api/auth/csrf-token': () => json({ csrfToken: 't' }),
      [`GET /api/playlists/${playlist.id}`]: () => json(playlist),
      'GET /api/shares': () => json([]),
    });
    renderWithProviders(<PlaylistPage playlistId="5" />, { seed: [[playlistQueryKey(5), playlist]] });
    return fetch;
  }

  it('the owner gets a Share… button apart from Share Playlist; it opens the links dialog', async () => {
    const user = userEvent.setup();
    const fetch = renderPage(true);
    expect(screen.getByRole('button', { name: 'Share Playlist' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Share…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share “Night Drive”' });
    expect(await within(dialog).findByText('No private links yet.')).toBeTruthy();
    expect(String(callsTo(fetch, '/api/shares')[0]?.[0])).toBe('/api/shares?playlistId=5');
    const field = within(dialog).getByRole('textbox', {
      name: /This playlist is public/,
    }) as HTMLInputElement;
    expect(field.value).toBe(`${window.location.origin}/playlist/5`);
    // Not the collectives dialog.
    expect(screen.queryByText('Share Playlist with Collective')).toBeNull();
  });

  it('is not offered to someone who may not share the playlist', () => {
    renderPage(false);
    expect(screen.queryByRole('button', { name: 'Share…' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Share Playlist' })).toBeNull();
  });
});
