import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { PlaylistDetail } from '../../../shared/schemas/playlists';
import { playlistQueryKey } from '../../entities/playlist/use-playlists';
import { resetCsrfToken } from '../../lib/api-client';
import { usePlayer } from '../../player/use-player';
import { callsTo, json, mockFetch } from '../../test/mock-fetch';
import { renderWithProviders } from '../../test/render';
import { detail, track } from './playlist-fixtures';
import { PlaylistPage } from './playlist-page';

const kick = track(1, 'Kick Jam', {
  notes: 'first take',
  equipment: [
    { id: 9, name: 'TR-808', description: null, imageUrl: null, category: 'Hardware Drum Machine' },
  ],
});
const bass = track(2, 'Bass Line', { duration: 125 });
const pads = track(3, 'Pads');
const keys = track(4, 'Keys');
const csrf = { 'GET /api/auth/csrf-token': () => json({ csrfToken: 't' }) };

type Routes = Parameters<typeof mockFetch>[0];

/** The page with `playlist` in the cache; the read it makes on opening gets the same playlist. */
function renderPage(playlist: PlaylistDetail, routes: Routes = {}) {
  const fetch = mockFetch({
    ...csrf,
    [`GET /api/playlists/${playlist.id}`]: () => json(playlist),
    ...routes,
  });
  const view = renderWithProviders(<PlaylistPage playlistId={String(playlist.id)} />, {
    seed: [[playlistQueryKey(playlist.id), playlist]],
  });
  return { ...view, fetch };
}

const rows = () =>
  Array.from(screen.getByRole('list', { name: 'Playlist tracks' }).children) as HTMLElement[];
const titles = () => rows().map((row) => row.querySelector('p')?.textContent);

/** What the player holds: the current track and the length of its queue. */
function Now() {
  const { currentTrack, playlist } = usePlayer();
  return <p data-testid="now">{`${currentTrack?.name ?? 'none'} of ${playlist.length}`}</p>;
}

const patches = (fetch: ReturnType<typeof mockFetch>) =>
  callsTo(fetch, '/api/playlists/5').filter(([, init]) => init?.method === 'PATCH');

beforeEach(() => resetCsrfToken());

describe('Playlist page', () => {
  it('shows title, description, song count and the track rows', () => {
    renderPage(detail(5, [kick, bass]));
    expect(screen.getByRole('heading', { name: 'Night Drive' })).toBeTruthy();
    expect(screen.getByText('Songs for the road')).toBeTruthy();
    expect(screen.getByText('2 songs')).toBeTruthy();
    const [first, second] = rows();
    expect(first?.textContent).toContain('1');
    expect(first?.textContent).toContain('Kick Jam');
    expect(first?.textContent).toContain('first take');
    expect(first?.textContent).toContain('TR-808');
    expect(first?.textContent).toContain('3 May 2024');
    expect(first?.textContent).toContain('1:05');
    expect(second?.textContent).toContain('2:05');
    expect(screen.getAllByRole('button', { name: 'Drag to reorder' })).toHaveLength(2);
  });

  it('says so when the playlist is empty, and when it is not found', async () => {
    renderPage(detail(5, []));
    expect(screen.getByText('No tracks in this playlist')).toBeTruthy();
    expect(screen.getByText('0 songs')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Play all' }).hasAttribute('disabled')).toBe(true);

    // Not the viewer's and not public either (decision 0345): the public page's "not found".
    mockFetch({});
    renderWithProviders(<PlaylistPage playlistId="404" />);
    expect(await screen.findByRole('heading', { name: 'Playlist Not Found' })).toBeTruthy();
  });

  it('plays all: the playlist becomes the queue and its first track plays', async () => {
    const playlist = detail(5, [kick, bass, pads]);
    mockFetch({ 'GET /api/playlists/5': () => json(playlist) });
    renderWithProviders(
      <>
        <PlaylistPage playlistId="5" />
        <Now />
      </>,
      { seed: [[playlistQueryKey(5), playlist]] },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Play all' }));
    expect(screen.getByTestId('now').textContent).toBe('Kick Jam of 3');
    expect(screen.getByRole('button', { name: 'Pause' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Play Bass Line' }));
    expect(screen.getByTestId('now').textContent).toBe('Bass Line of 3');
  });

  describe('Add Tracks', () => {
    it('offers only tracks not yet in the playlist, counts the selection and adds them in one request', async () => {
      // The server's side: the playlist grows by the tracks named, in the order given.
      const held = [kick, bass];
      const { fetch } = renderPage(detail(5, held), {
        'GET /api/tracks': () => json([kick, bass, pads, keys]),
        'POST /api/tracks/bulk': (init) => {
          const { ids } = JSON.parse(String(init?.body)) as { ids: number[] };
          for (const id of ids) held.push([pads, keys].find((t) => t.id === id) ?? kick);
          return json({ updated: ids.length });
        },
        'GET /api/playlists/5': () => json(detail(5, held)),
      });
      await userEvent.click(screen.getByRole('button', { name: 'Add Tracks' }));
      const dialog = await screen.findByRole('dialog', { name: 'Add Tracks' });
      const list = await within(dialog).findByRole('list', { name: 'Your tracks' });
      expect(within(list).getAllByRole('checkbox')).toHaveLength(2);
      expect(within(list).queryByText('Kick Jam')).toBeNull();
      const add = () => within(dialog).getByRole('button', { name: /^Add \d+ Track\(s\)$/ });
      expect(add().textContent).toBe('Add 0 Track(s)');
      expect(add().hasAttribute('disabled')).toBe(true);

      await userEvent.click(within(list).getByLabelText('Pads'));
      expect(add().textContent).toBe('Add 1 Track(s)');
      expect(add().hasAttribute('disabled')).toBe(false);
      await userEvent.click(within(list).getByLabelText('Keys'));
      expect(add().textContent).toBe('Add 2 Track(s)');
      await userEvent.click(add());

      // Optimistic: the rows are there before the server has answered.
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(titles()).toEqual(['Kick Jam', 'Bass Line', 'Pads', 'Keys']);
      expect(await screen.findByText('Tracks added to playlist')).toBeTruthy();
      const posts = callsTo(fetch, '/api/tracks/bulk').map(([, init]) => init?.body);
      expect(posts).toEqual(['{"ids":[3,4],"action":"addToPlaylist","playlistId":5}']);
      expect(callsTo(fetch, '/api/playlists/5/tracks')).toEqual([]);
      expect(screen.getByText('4 songs')).toBeTruthy();
    });

    it('restores the playlist when adding fails', async () => {
      renderPage(detail(5, [kick]), {
        'GET /api/tracks': () => json([kick, bass, pads]),
        'POST /api/tracks/bulk': () => json({ message: 'nope' }, 500),
      });
      await userEvent.click(screen.getByRole('button', { name: 'Add Tracks' }));
      await userEvent.click(await screen.findByLabelText('Pads'));
      await userEvent.click(screen.getByRole('button', { name: 'Add 1 Track(s)' }));
      expect(await screen.findByText('Failed to add tracks to playlist')).toBeTruthy();
      await waitFor(() => expect(titles()).toEqual(['Kick Jam']));
    });
  });

  describe('Edit Details', () => {
    it('sends nothing for an empty trimmed name', async () => {
      const { fetch } = renderPage(detail(5, [kick]));
      await userEvent.click(screen.getByRole('button', { name: 'Edit Details' }));
      const name = screen.getByLabelText('Name');
      expect((name as HTMLInputElement).value).toBe('Night Drive');
      await userEvent.clear(name);
      await userEvent.type(name, '   ');
      await userEvent.click(screen.getByRole('button', { name: 'Save' }));
      expect(await screen.findByText('Please enter a playlist name')).toBeTruthy();
      expect(patches(fetch)).toHaveLength(0);
      expect(screen.getByRole('dialog')).toBeTruthy();
    });

    it('shows and announces the field error when the name is emptied, and clears it once typed', async () => {
      const { fetch } = renderPage(detail(5, [kick]), {
        'PATCH /api/playlists/5': (init) => json({ ...detail(5, []), ...JSON.parse(String(init?.body)) }),
      });
      await userEvent.click(screen.getByRole('button', { name: 'Edit Details' }));
      const name = screen.getByLabelText('Name');
      await userEvent.clear(name);
      await userEvent.click(screen.getByRole('button', { name: 'Save' }));
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toBe('Please enter a playlist name');
      expect(name.getAttribute('aria-invalid')).toBe('true');
      expect(name.getAttribute('aria-describedby')).toBe(alert.id);
      expect(document.activeElement).toBe(name);
      expect(patches(fetch)).toHaveLength(0);
      await userEvent.type(name, 'Night Ride');
      await userEvent.click(screen.getByRole('button', { name: 'Save' }));
      expect(screen.queryByText('Please enter a playlist name')).toBeNull();
      expect(JSON.parse(String(patches(fetch)[0]?.[1]?.body)).name).toBe('Night Ride');
    });

    it('renames at once, trimmed, and restores the old name on failure', async () => {
      let status = 200;
      const { fetch } = renderPage(detail(5, [kick]), {
        'PATCH /api/playlists/5': (init) =>
          status === 200
            ? json({ ...detail(5, []), ...JSON.parse(String(init?.body)) })
            : json({ message: 'no' }, status),
      });
      await userEvent.click(screen.getByRole('button', { name: 'Edit Details' }));
      await userEvent.clear(screen.getByLabelText('Name'));
      await userEvent.type(screen.getByLabelText('Name'), '  Day Drive ');
      await userEvent.clear(screen.getByLabelText('Description (Optional)'));
      await userEvent.click(screen.getByRole('button', { name: 'Save' }));
      expect(screen.getByRole('heading', { name: 'Day Drive' })).toBeTruthy();
      expect(await screen.findByText('Playlist updated successfully')).toBeTruthy();
      expect(patches(fetch)[0]?.[1]?.body).toBe('{"name":"Day Drive","description":null}');

      status = 500;
      await userEvent.click(screen.getByRole('button', { name: 'Edit Details' }));
      await userEvent.type(screen.getByLabelText('Name'), ' Two');
      await userEvent.click(screen.getByRole('button', { name: 'Save' }));
      expect(await screen.findByText('Failed to update playlist')).toBeTruthy();
      expect(screen.getByRole('heading', { name: 'Day Drive' })).toBeTruthy();
    });
  });

  describe('Remove from playlist', () => {
    it('removes at once and puts the row back on failure', async () => {
      let ok = true;
      renderPage(detail(5, [kick, bass, pads]), {
        'DELETE /api/playlists/5/tracks/2': () => (ok ? json({ success: true }) : json({}, 500)),
      });
      const menuOf = (name: string) => {
        const row = rows().find((r) => r.textContent?.includes(name));
        return within(row as HTMLElement).getByRole('button', { name: 'Track options' });
      };
      ok = false;
      await userEvent.click(menuOf('Bass Line'));
      await userEvent.click(await screen.findByRole('menuitem', { name: 'Remove from playlist' }));
      expect(await screen.findByText('Failed to remove track from playlist')).toBeTruthy();
      expect(titles()).toEqual(['Kick Jam', 'Bass Line', 'Pads']);

      ok = true;
      await userEvent.click(menuOf('Bass Line'));
      await userEvent.click(await screen.findByRole('menuitem', { name: 'Remove from playlist' }));
      expect(titles()).toEqual(['Kick Jam', 'Pads']);
      expect(await screen.findByText('Track removed from playlist')).toBeTruthy();
      expect(screen.getByText('2 songs')).toBeTruthy();
    });
  });

  describe('Cover', () => {
    it('refuses a file that is not an image before any upload', async () => {
      const { fetch } = renderPage(detail(5, []));
      const input = screen.getByLabelText('Playlist cover file');
      await userEvent.upload(input, new File(['x'], 'notes.txt', { type: 'text/plain' }), {
        applyAccept: false,
      });
      expect(await screen.findByText('Invalid File')).toBeTruthy();
      expect(screen.getByText('Please select an image file')).toBeTruthy();
      expect(callsTo(fetch, '/api/playlists/5/image')).toHaveLength(0);
    });

    it('uploads an image and shows the 256 cover', async () => {
      const { fetch } = renderPage(detail(5, []), {
        'POST /api/playlists/5/image': () => json({ ...detail(5, []), imageUrl: '/images/playlists/abc' }),
      });
      await userEvent.upload(
        screen.getByLabelText('Playlist cover file'),
        new File(['x'], 'c.png', { type: 'image/png' }),
      );
      expect(await screen.findByText('Playlist cover updated successfully')).toBeTruthy();
      const img = screen.getByRole('img', { name: 'Night Drive cover' });
      expect(img.getAttribute('src')).toBe('/images/playlists/abc-256.webp');
      const body = callsTo(fetch, '/api/playlists/5/image')[0]?.[1]?.body as FormData;
      expect((body.get('image') as File).name).toBe('c.png');
    });
  });
});
