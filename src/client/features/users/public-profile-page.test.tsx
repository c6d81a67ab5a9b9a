import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Track } from '../../../shared/schemas/tracks';
import type { PublicProfile } from '../../../shared/schemas/users';
import { readyMedia } from '../../entities/track/test-tracks';
import { fakePlayer, WithPlayer } from '../../test/fake-player';
import { callsTo, json, mockFetch } from '../../test/mock-fetch';
import { renderWithProviders, testUser } from '../../test/render';
import { layOutVirtualRows } from '../../test/virtual-layout';
import { PublicProfilePage } from './public-profile-page';

const track = (id: number, name: string): Track => ({
  id,
  userId: 'user-1',
  name,
  ...readyMedia,
  version: 1,
  filename: `${name}.wav`,
  mimeType: 'audio/wav',
  size: 2048,
  duration: 65,
  notes: null,
  fileCreatedAt: null,
  shareToEquipmentPages: true,
  visibility: 'public',
  createdAt: '2024-05-01T00:00:00.000Z',
  updatedAt: '2024-05-01T00:00:00.000Z',
  equipment: [],
});

const profile = (tracks: Track[], user: Partial<PublicProfile['user']> = {}): PublicProfile => ({
  user: {
    id: 'user-1',
    username: null,
    firstName: 'Ada',
    lastName: 'Lovelace',
    avatarUrl: null,
    updatedAt: '2024-05-01T00:00:00.000Z',
    bio: 'Modular patches and tape.',
    socialLinks: { soundcloud: 'https://soundcloud.com/ada' },
    ...user,
  },
  tracks,
  trackCount: tracks.length,
  trackCountCapped: false,
  nextCursor: null,
});

function show(body: PublicProfile | null) {
  mockFetch({
    'GET /api/public/users/user-1': () =>
      body ? json(body) : json({ statusCode: 404, error: 'Not Found', message: 'Profile not found' }, 404),
  });
  return renderWithProviders(<PublicProfilePage idOrUsername="user-1" />, { path: '/profile/user-1' });
}

describe('PublicProfilePage', () => {
  it('says a missing or private profile is not found, with the way home', async () => {
    const { location } = show(null);
    expect(await screen.findByRole('heading', { name: 'Profile Not Found' })).toBeTruthy();
    expect(screen.getByText("This profile doesn't exist or isn't public.")).toBeTruthy();
    await userEvent.click(screen.getByRole('link', { name: 'Back to Home' }));
    expect(location.history?.at(-1)).toBe('/');
  });

  it("shows the person, their links and '1 track shared'", async () => {
    show(profile([track(1, 'Dawn')]));
    expect(await screen.findByRole('heading', { name: 'Ada Lovelace' })).toBeTruthy();
    expect(screen.getByText('1 track shared')).toBeTruthy();
    expect(screen.getByText('Modular patches and tape.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'SoundCloud' }).getAttribute('href')).toBe(
      'https://soundcloud.com/ada',
    );
    expect(screen.getByTestId('avatar-placeholder')).toBeTruthy();
    // Public view: the card plays but has no Share/Delete menu.
    const card = screen.getByRole('article', { name: 'Dawn' });
    expect(within(card).getByRole('button', { name: 'Play Dawn' })).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Track options' })).toBeNull();
    // Headings do not skip a level: the person's h1, then each card's h2 (issue 13).
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Ada Lovelace');
    expect(within(card).getByRole('heading', { level: 2 }).textContent).toBe('Dawn');
  });

  it("counts '2 tracks shared', uses the username and plays from the grid", async () => {
    show(profile([track(1, 'Dawn'), track(2, 'Dusk')], { username: 'ada', avatarUrl: '/images/avatars/a' }));
    expect(await screen.findByRole('heading', { name: 'ada' })).toBeTruthy();
    expect(screen.getByText('2 tracks shared')).toBeTruthy();
    expect(screen.getByRole('img', { name: "ada's avatar" }).getAttribute('src')).toBe(
      `/images/avatars/a-128.webp?v=${Date.parse('2024-05-01T00:00:00.000Z')}`,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Play Dusk' }));
    expect(screen.getByRole('button', { name: 'Pause Dusk' })).toBeTruthy();
    const audio = screen.getByTestId('audio-player') as HTMLAudioElement;
    expect(audio.src).toMatch(/\/api\/tracks\/2\/stream$/);
  });

  it('addressed by username (decision 0203), asks for that username as one path segment', async () => {
    mockFetch({ 'GET /api/public/users/Zo%C3%AB': () => json(profile([], { username: 'Zoë' })) });
    renderWithProviders(<PublicProfilePage idOrUsername="Zoë" />, { path: '/profile/Zo%C3%AB' });
    expect(await screen.findByRole('heading', { name: 'Zoë' })).toBeTruthy();
  });

  it('shows the username address once it knows the person, replacing the id address', async () => {
    mockFetch({ 'GET /api/public/users/user-1': () => json(profile([], { username: 'Ada.L' })) });
    const { location } = renderWithProviders(<PublicProfilePage idOrUsername="user-1" />, {
      path: '/profile/user-1',
    });
    expect(await screen.findByRole('heading', { name: 'Ada.L' })).toBeTruthy();
    await waitFor(() => expect(location.history).toEqual(['/profile/Ada.L']));
  });

  it('tells the signed-in owner of a private profile addressed by their username how to share it', async () => {
    mockFetch({
      'GET /api/public/users/ADA': () =>
        json({ statusCode: 404, error: 'Not Found', message: 'Profile not found' }, 404),
    });
    renderWithProviders(<PublicProfilePage idOrUsername="ADA" />, {
      path: '/profile/ADA',
      seed: [[['/api/auth/user'], testUser]],
    });
    expect(await screen.findByRole('heading', { name: 'Profile Not Found' })).toBeTruthy();
    expect(screen.getByText(/This is your profile/)).toBeTruthy();
  });

  it("says 'No Public Tracks' when there are none", async () => {
    show(profile([]));
    expect(await screen.findByText('No Public Tracks')).toBeTruthy();
    expect(screen.getByText('0 tracks shared')).toBeTruthy();
  });

  it("queues the profile's tracks with its owner as artist and avatar as artwork; cards offer a More menu", async () => {
    mockFetch({
      'GET /api/public/users/user-1': () =>
        json(
          profile([track(1, 'Dawn'), track(2, 'Dusk')], { username: 'ada', avatarUrl: '/images/avatars/a' }),
        ),
    });
    const player = fakePlayer();
    renderWithProviders(
      <WithPlayer player={player}>
        <PublicProfilePage idOrUsername="user-1" />
      </WithPlayer>,
      { path: '/profile/user-1' },
    );
    const artwork = `/images/avatars/a-256.webp?v=${Date.parse('2024-05-01T00:00:00.000Z')}`;
    await userEvent.click(await screen.findByRole('button', { name: 'Play Dusk' }));
    const [played, queue] = vi.mocked(player.playTrack).mock.calls[0] ?? [];
    expect(played).toMatchObject({ id: 2, artist: 'ada', artworkUrl: artwork, playable: true });
    expect(queue?.map((t) => [t.id, t.artist, t.artworkUrl])).toEqual([
      [1, 'ada', artwork],
      [2, 'ada', artwork],
    ]);

    const card = screen.getByRole('article', { name: 'Dawn' });
    await userEvent.click(within(card).getByRole('button', { name: 'More options' }));
    // Copy link is on every card (decision 0143); deleting stays the owner's.
    expect(screen.getByRole('menuitem', { name: 'Copy link' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Delete Track' })).toBeNull();
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Add to queue' }));
    expect(player.addToQueue).toHaveBeenCalledWith(expect.objectContaining({ id: 1, artist: 'ada' }));
    expect(await screen.findByText('Added to queue: Dawn')).toBeTruthy();
    await userEvent.click(within(card).getByRole('button', { name: 'More options' }));
    expect((await screen.findByRole('menuitem', { name: 'Download' })).getAttribute('href')).toBe(
      '/api/tracks/1/original',
    );
  });
});

describe('a public profile with thousands of tracks (decision 0072)', { timeout: 20_000 }, () => {
  it('renders only the cards in view, each saying its place, and more when scrolled', async () => {
    const scrollTo = layOutVirtualRows(172);
    show(profile(Array.from({ length: 5000 }, (_, i) => track(i + 1, `Card ${i + 1}`))));
    const grid = await screen.findByRole('list', { name: 'Shared tracks' });
    await within(grid).findByText('Card 1');
    const cards = within(grid).getAllByRole('listitem');
    expect(cards.length).toBeLessThan(40);
    expect(cards[0]?.getAttribute('aria-setsize')).toBe('5000');
    // jsdom matches no media query: one column, a card per grid row.
    scrollTo((172 + 16) * 2000);
    expect(await within(grid).findByText('Card 2001')).toBeTruthy();
    expect(within(grid).queryByText('Card 1')).toBeNull();
    expect(within(grid).getByText('Card 2001').closest('li')?.getAttribute('aria-posinset')).toBe('2001');
    vi.restoreAllMocks();
  });
});

describe('a public profile in pages (issue 48)', () => {
  it("shows the profile's first tracks, then 'Show more tracks' reads the next page with the cursor", async () => {
    const cards = (from: number, to: number) =>
      Array.from({ length: to - from + 1 }, (_, i) => track(from + i, `Card ${from + i}`));
    const fetch = mockFetch({
      'GET /api/public/users/user-1': () =>
        json({ ...profile(cards(1, 50)), trackCount: 1000, trackCountCapped: true, nextCursor: 'c1' }),
      'GET /api/public/users/user-1/tracks': () => json({ items: cards(51, 60), nextCursor: null }),
    });
    renderWithProviders(<PublicProfilePage idOrUsername="user-1" />, { path: '/profile/user-1' });
    const grid = await screen.findByRole('list', { name: 'Shared tracks' });
    expect(screen.getByText('1,000+ tracks shared')).toBeTruthy();
    expect(within(grid).getByText('Card 50')).toBeTruthy();
    expect(within(grid).queryByText('Card 51')).toBeNull();
    // The first page is the profile's own: nothing more is read until asked.
    expect(callsTo(fetch, '/api/public/users/user-1/tracks')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Show more tracks' }));
    expect(await within(grid).findByText('Card 60')).toBeTruthy();
    const [[url]] = callsTo(fetch, '/api/public/users/user-1/tracks') as [[string]];
    expect(url).toBe('/api/public/users/user-1/tracks?limit=50&cursor=c1');
    // The last page: no button any more, and the grid holds both pages in order.
    expect(screen.queryByRole('button', { name: 'Show more tracks' })).toBeNull();
    expect(
      within(grid)
        .getAllByRole('article')
        .map((card) => card.getAttribute('aria-label')),
    ).toEqual(cards(1, 60).map((t) => t.name));
  });

  it('has no button when the profile holds every track', async () => {
    show(profile([track(1, 'Dawn')]));
    expect(await screen.findByText('1 track shared')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show more tracks' })).toBeNull();
  });
});
