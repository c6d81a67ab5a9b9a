import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PublicPlaylist } from '../../../shared/schemas/playlists';
import { AppRoutes } from '../../app';
import { readyMedia } from '../../entities/track/test-tracks';
import { usePlayer } from '../../player/use-player';
import { callsTo, json, mockFetch } from '../../test/mock-fetch';
import { renderWithProviders, testUser } from '../../test/render';
import { trackSubLabel } from '../player-bar/player-bar';
import { PlaylistPage } from './playlist-page';
import { PublicPlaylistPage } from './public-playlist-page';

// Issue 24, decision 0345: '/playlist/{id}' for everyone but its owner.
const publicTrack = (id: number, name: string, extra: Partial<PublicPlaylist['tracks'][number]> = {}) => ({
  id,
  name,
  notes: null,
  mimeType: 'audio/wav',
  duration: 65,
  visibility: 'public' as const,
  ...readyMedia,
  processing: { state: 'ready' as const, error: null },
  version: 1,
  ...extra,
});

const playlist = (extra: Partial<PublicPlaylist> = {}): PublicPlaylist => ({
  id: 7,
  name: 'Harbour Lights',
  description: 'Slow songs for the ferry',
  imageUrl: null,
  updatedAt: '2024-05-01T10:00:00.000Z',
  owner: {
    id: 'u_maramaramaramara',
    name: 'mara',
    avatarUrl: null,
    updatedAt: '2024-05-01T10:00:00.000Z',
    profileUrl: '/profile/mara',
  },
  // What the server sends: its public tracks only (a private one in the playlist is not in the reply).
  tracks: [
    publicTrack(11, 'First Light', { notes: 'dawn take' }),
    publicTrack(12, 'Last Ferry', { duration: 125 }),
  ],
  hiddenTrackCount: 0,
  ...extra,
});

function Now() {
  const { currentTrack, playlist: queue } = usePlayer();
  const by = currentTrack ? trackSubLabel(currentTrack, testUser.id) : '';
  return <p data-testid="now">{`${currentTrack?.name ?? 'none'} of ${queue.length} by ${by}`}</p>;
}

const signedOut = {
  'GET /api/auth/user': () => new Response('Unauthorized', { status: 401 }),
  'GET /api/auth/config': () => json({ googleEnabled: true, demoEnabled: true }),
};

beforeAll(async () => {
  // Lazy screens load cold in the test runner; have them ready as a browser would.
  await Promise.all([import('../users/public-frame'), import('./public-playlist-page')]);
}, 30_000);

describe('the public playlist page', () => {
  it('shows cover, title, description, owner, count, Play all and the numbered tracks, nothing to edit', async () => {
    mockFetch({ 'GET /api/public/playlists/7': () => json(playlist()) });
    renderWithProviders(<PublicPlaylistPage playlistId="7" />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Harbour Lights' })).toBeTruthy();
    expect(screen.getByText('Slow songs for the ferry')).toBeTruthy();
    expect(screen.getByText('2 tracks')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'mara' }).getAttribute('href')).toBe('/profile/mara');
    const rows = within(screen.getByRole('list', { name: 'Playlist tracks' })).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringMatching(/^1First Lightdawn take1:05$/),
      expect.stringMatching(/^2Last Ferry2:05$/),
    ]);
    expect(screen.getByRole('link', { name: 'First Light' }).getAttribute('href')).toBe('/track/11');
    expect(screen.getByRole('button', { name: 'Play all' })).toBeTruthy();
    for (const name of [
      'Add Tracks',
      'Edit Details',
      'Share Playlist',
      'More playlist actions',
      'Drag to reorder',
      'More options',
      'Upload playlist cover',
    ]) {
      expect(screen.queryByRole('button', { name }), name).toBeNull();
    }
    expect(screen.queryByRole('switch')).toBeNull();
    expect(screen.queryByText(/Remove from playlist/)).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('plays all, or one track, with the playlist as the queue', async () => {
    mockFetch({ 'GET /api/public/playlists/7': () => json(playlist()) });
    renderWithProviders(
      <>
        <PublicPlaylistPage playlistId="7" />
        <Now />
      </>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Play all' }));
    // The player bar names the owner, not 'Your Recording'.
    expect(screen.getByTestId('now').textContent).toBe('First Light of 2 by mara');
    await userEvent.click(screen.getByRole('button', { name: 'Play Last Ferry' }));
    expect(screen.getByTestId('now').textContent).toBe('Last Ferry of 2 by mara');
  });

  it('names the owner without a link while their profile is private', async () => {
    const owner = { ...playlist().owner, profileUrl: null };
    mockFetch({ 'GET /api/public/playlists/7': () => json(playlist({ owner })) });
    renderWithProviders(<PublicPlaylistPage playlistId="7" />);
    expect(await screen.findByText('mara')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'mara' })).toBeNull();
  });

  it('says so when it has no public tracks', async () => {
    mockFetch({ 'GET /api/public/playlists/7': () => json(playlist({ tracks: [] })) });
    renderWithProviders(<PublicPlaylistPage playlistId="7" />);
    expect(await screen.findByText('No tracks in this playlist')).toBeTruthy();
    expect(screen.getByText('0 tracks')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Play all' }).hasAttribute('disabled')).toBe(true);
  });

  it('says how many of its tracks are private and not shown, and says nothing when none is', async () => {
    mockFetch({ 'GET /api/public/playlists/7': () => json(playlist({ hiddenTrackCount: 3 })) });
    const { unmount } = renderWithProviders(<PublicPlaylistPage playlistId="7" />);
    expect(await screen.findByText('3 tracks are private and not shown.')).toBeTruthy();
    expect(screen.getByText('2 tracks')).toBeTruthy();
    unmount();

    mockFetch({ 'GET /api/public/playlists/7': () => json(playlist({ tracks: [], hiddenTrackCount: 1 })) });
    const second = renderWithProviders(<PublicPlaylistPage playlistId="7" />);
    expect(await screen.findByText('No tracks in this playlist')).toBeTruthy();
    expect(screen.getByText('1 track is private and not shown.')).toBeTruthy();
    second.unmount();

    mockFetch({ 'GET /api/public/playlists/7': () => json(playlist()) });
    renderWithProviders(<PublicPlaylistPage playlistId="7" />);
    expect(await screen.findByText('2 tracks')).toBeTruthy();
    expect(screen.queryByText(/private and not shown/)).toBeNull();
  });

  it('is "not found" when private or missing, and for an id that is not one, without asking', async () => {
    const fetch = mockFetch({});
    renderWithProviders(<PublicPlaylistPage playlistId="7" />);
    expect(await screen.findByRole('heading', { name: 'Playlist Not Found' })).toBeTruthy();
    expect(screen.getByText("This playlist doesn't exist or isn't public.")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toBeTruthy();
    fetch.mockClear();
    renderWithProviders(<PublicPlaylistPage playlistId="abc" />);
    expect(await screen.findAllByRole('heading', { name: 'Playlist Not Found' })).toHaveLength(2);
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('who sees it where', () => {
  it('a signed-out visitor gets it in the public frame, not the landing page', async () => {
    mockFetch({ ...signedOut, 'GET /api/public/playlists/7': () => json(playlist()) });
    renderWithProviders(<AppRoutes />, { path: '/playlist/7' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Harbour Lights' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sign in with Google' })).toBeNull();
  });

  it('a signed-out visitor of a private one is told it is not found', async () => {
    mockFetch(signedOut);
    renderWithProviders(<AppRoutes />, { path: '/playlist/8' });
    expect(await screen.findByRole('heading', { name: 'Playlist Not Found' })).toBeTruthy();
  });

  it("a signed-in stranger, refused the owner's view, gets the public page", async () => {
    const fetch = mockFetch({
      'GET /api/auth/user': () => json(testUser),
      'GET /api/public/playlists/7': () => json(playlist()),
    });
    renderWithProviders(<PlaylistPage playlistId="7" />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Harbour Lights' })).toBeTruthy();
    expect(callsTo(fetch, '/api/playlists/7')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Add Tracks' })).toBeNull();
    expect(screen.queryByRole('switch', { name: 'Public playlist' })).toBeNull();
  });
});
