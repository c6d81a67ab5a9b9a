import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PlaylistDetail } from '../../../shared/schemas/playlists';
import { playlistQueryKey } from '../../entities/playlist/use-playlists';
import { resetCsrfToken } from '../../lib/api-client';
import { fakePlayer, WithPlayer } from '../../test/fake-player';
import { json, mockFetch } from '../../test/mock-fetch';
import { renderWithProviders, testUser } from '../../test/render';
import { person, playlistDetail, playlistTrack, sharedPlaylist } from '../collectives/collective-fixtures';
import { CollectivePlaylistView } from '../collectives/collective-playlist-view';
import { detail, track } from './playlist-fixtures';
import { PlaylistPage } from './playlist-page';

// Issue 10 on playlist screens: queued tracks carry artist and artwork (the cover, else the owner's
// avatar), rows offer Play next / Add to queue / Download, and unplayable rows cannot be started.

const AT = '2024-05-01T10:00:00.000Z';
const version = `?v=${Date.parse(AT)}`;
const ada = { ...testUser, avatarUrl: '/uploads/avatars/ada', updatedAt: AT };

function renderOwnPlaylist(playlist: PlaylistDetail) {
  mockFetch({ [`GET /api/playlists/${playlist.id}`]: () => json(playlist) });
  const player = fakePlayer();
  renderWithProviders(
    <WithPlayer player={player}>
      <PlaylistPage playlistId={String(playlist.id)} />
    </WithPlayer>,
    {
      seed: [
        [playlistQueryKey(playlist.id), playlist],
        [['/api/auth/user'], ada],
      ],
    },
  );
  return player;
}

const rowOf = (name: string) =>
  within(screen.getByRole('list', { name: 'Playlist tracks' }))
    .getAllByRole('listitem')
    .find((row) => row.textContent?.includes(name)) as HTMLElement;

beforeEach(() => resetCsrfToken());

describe("The owner's playlist", () => {
  it('queues its tracks with the owner as artist and the cover as artwork', async () => {
    const player = renderOwnPlaylist(
      detail(5, [track(1, 'Kick Jam'), track(2, 'Bass Line')], { imageUrl: '/uploads/playlists/5' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Play Bass Line' }));
    const [played, queue] = vi.mocked(player.playTrack).mock.calls[0] ?? [];
    expect(played).toMatchObject({
      id: 2,
      artist: 'ada',
      artworkUrl: `/uploads/playlists/5-256.webp${version}`,
    });
    expect(queue?.map((t) => [t.id, t.artist, t.artworkUrl, t.playable])).toEqual([
      [1, 'ada', `/uploads/playlists/5-256.webp${version}`, true],
      [2, 'ada', `/uploads/playlists/5-256.webp${version}`, true],
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Play all' }));
    expect(vi.mocked(player.playAll).mock.calls[0]?.[0]?.[0]).toMatchObject({ id: 1, artist: 'ada' });
  });

  it("without a cover, the owner's avatar is the artwork", async () => {
    const player = renderOwnPlaylist(detail(5, [track(1, 'Kick Jam')]));
    await userEvent.click(screen.getByRole('button', { name: 'Play Kick Jam' }));
    expect(vi.mocked(player.playTrack).mock.calls[0]?.[0]).toMatchObject({
      artworkUrl: `/uploads/avatars/ada-256.webp${version}`,
    });
  });

  it("each row's menu plays next, adds to the queue and downloads, next to Remove from playlist", async () => {
    const player = renderOwnPlaylist(detail(5, [track(1, 'Kick Jam'), track(2, 'Bass Line')]));
    const menu = () => within(rowOf('Bass Line')).getByRole('button', { name: 'Track options' });

    await userEvent.click(menu());
    expect(await screen.findByRole('menuitem', { name: 'Remove from playlist' })).toBeTruthy();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Play next' }));
    expect(player.playNext).toHaveBeenCalledWith(expect.objectContaining({ id: 2, artist: 'ada' }));
    expect(await screen.findByText('Playing next: Bass Line')).toBeTruthy();

    await userEvent.click(menu());
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Add to queue' }));
    expect(player.addToQueue).toHaveBeenCalledWith(expect.objectContaining({ id: 2, artist: 'ada' }));
    expect(await screen.findByText('Added to queue: Bass Line')).toBeTruthy();

    await userEvent.click(menu());
    const download = await screen.findByRole('menuitem', { name: 'Download' });
    expect(download.getAttribute('href')).toBe('/api/tracks/2/original');
    expect(download.hasAttribute('download')).toBe(true);
  });

  it('a track that cannot play keeps a disabled play button that says why', async () => {
    const player = renderOwnPlaylist(
      detail(5, [
        track(1, 'Kick Jam', { playable: false, processing: { state: 'failed', error: 'Unreadable' } }),
      ]),
    );
    const play = screen.getByRole('button', { name: 'Play Kick Jam: Cannot be played: processing failed' });
    expect(play.getAttribute('aria-disabled')).toBe('true');
    await userEvent.click(play);
    expect(player.playTrack).not.toHaveBeenCalled();
  });
});

describe('A playlist shared into a collective', () => {
  const owner = person('owner-1', { username: 'lee', avatarUrl: '/uploads/avatars/lee' });
  const shared = sharedPlaylist(11, 'Dub', { user: owner, imageUrl: '/uploads/playlists/11' });
  const tracks = [playlistTrack(101, 'Rockers'), playlistTrack(102, 'Steppers')];

  function renderShared(playlist = shared) {
    mockFetch({
      'GET /api/collectives/1/playlists/11': () => json(playlistDetail(playlist, tracks)),
      'GET /api/collectives/1/playlists/11/comments': () => json([]),
    });
    const player = fakePlayer();
    renderWithProviders(
      <WithPlayer player={player}>
        <CollectivePlaylistView collectiveId={1} playlistId={11} />
      </WithPlayer>,
    );
    return player;
  }

  it('queues its tracks with the playlist owner as artist and the cover as artwork', async () => {
    const player = renderShared();
    await userEvent.click(await screen.findByRole('button', { name: 'Play all' }));
    const queue = vi.mocked(player.playAll).mock.calls[0]?.[0];
    expect(queue?.map((t) => [t.id, t.artist, t.artworkUrl, t.playable])).toEqual([
      [101, 'lee', `/uploads/playlists/11-256.webp?v=${Date.parse(shared.updatedAt)}`, true],
      [102, 'lee', `/uploads/playlists/11-256.webp?v=${Date.parse(shared.updatedAt)}`, true],
    ]);
  });

  it("without a cover, the owner's avatar; each row has a More options menu", async () => {
    const player = renderShared({ ...shared, imageUrl: null });
    await screen.findByRole('list', { name: 'Playlist tracks' });
    await userEvent.click(within(rowOf('Steppers')).getByRole('button', { name: 'More options' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Add to queue' }));
    expect(player.addToQueue).toHaveBeenCalledWith(
      expect.objectContaining({
        id: 102,
        artist: 'lee',
        artworkUrl: `/uploads/avatars/lee-256.webp?v=${Date.parse(owner.updatedAt)}`,
      }),
    );
    expect(await screen.findByText('Added to queue: Steppers')).toBeTruthy();
    await userEvent.click(within(rowOf('Steppers')).getByRole('button', { name: 'More options' }));
    expect((await screen.findByRole('menuitem', { name: 'Download' })).getAttribute('href')).toBe(
      '/api/tracks/102/original',
    );
  });
});
