import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TIMINGS } from '../../../shared/constants';
import type { Track } from '../../../shared/schemas/tracks';
import type { SharedTrack } from '../../../shared/schemas/users';
import { AppRoutes } from '../../app';
import { readyMedia } from '../../entities/track/test-tracks';
import { fakePlayer, WithPlayer } from '../../test/fake-player';
import { callsTo, json, mockFetch } from '../../test/mock-fetch';
import { renderWithProviders, testUser } from '../../test/render';
import { SharedTrackPage } from './shared-track-page';

const track: Track = {
  id: 12,
  userId: 'owner-1',
  name: 'Night Bus',
  ...readyMedia,
  version: 1,
  filename: 'night-bus.mp3',
  mimeType: 'audio/mpeg',
  size: 3 * 1024 * 1024,
  duration: 184,
  notes: 'Recorded on the top deck.',
  fileCreatedAt: null,
  shareToEquipmentPages: true,
  visibility: 'public',
  createdAt: '2024-05-01T00:00:00.000Z',
  updatedAt: '2024-05-01T00:00:00.000Z',
  equipment: [],
};

const shared: SharedTrack = {
  track,
  user: {
    id: 'owner-1',
    username: null,
    firstName: 'Grace',
    lastName: 'Hopper',
    avatarUrl: null,
    updatedAt: '2024-05-01T00:00:00.000Z',
  },
};

afterEach(() => vi.useRealTimers());

const notFound = () => json({ statusCode: 404, error: 'Not Found', message: 'Track not found' }, 404);

describe('SharedTrackPage', () => {
  it("shows the track in the public view with its owner's name linking to the profile", async () => {
    mockFetch({ 'GET /api/tracks/12': () => json(shared) });
    renderWithProviders(<SharedTrackPage trackId="12" />, {
      path: '/track/12',
      seed: [[['/api/auth/user'], testUser]],
    });
    const card = await screen.findByRole('article', { name: 'Night Bus' });
    expect(within(card).getByText('Recorded on the top deck.')).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Track options' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Grace Hopper' }).getAttribute('href')).toBe('/profile/owner-1');
  });

  it("links the owner's username form of the profile address when they have one (decision 0203)", async () => {
    mockFetch({
      'GET /api/tracks/12': () => json({ ...shared, user: { ...shared.user, username: 'grace' } }),
    });
    renderWithProviders(<SharedTrackPage trackId="12" />, {
      path: '/track/12',
      seed: [[['/api/auth/user'], testUser]],
    });
    expect((await screen.findByRole('link', { name: 'grace' })).getAttribute('href')).toBe('/profile/grace');
  });

  it('gives the owner their own card, with its menu', async () => {
    mockFetch({ 'GET /api/tracks/12': () => json({ ...shared, track: { ...track, userId: testUser.id } }) });
    renderWithProviders(<SharedTrackPage trackId="12" />, {
      path: '/track/12',
      seed: [[['/api/auth/user'], testUser]],
    });
    const card = await screen.findByRole('article', { name: 'Night Bus' });
    expect(within(card).getByRole('button', { name: 'Track options' })).toBeTruthy();
    // The track is the page: its name is the page's one h1 (issue 13).
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Night Bus');
  });

  it('says the track is not found for an id that cannot be one, without asking the server', async () => {
    const fetch = mockFetch({});
    renderWithProviders(<SharedTrackPage trackId="abc" />, { path: '/track/abc' });
    expect(await screen.findByRole('heading', { name: 'Track Not Found' })).toBeTruthy();
    expect(callsTo(fetch, '/api/tracks/abc')).toHaveLength(0);
  });

  it('says the track is not found when the server will not share it', async () => {
    mockFetch({ 'GET /api/tracks/12': notFound });
    renderWithProviders(<SharedTrackPage trackId="12" />, { path: '/track/12' });
    expect(await screen.findByRole('heading', { name: 'Track Not Found' })).toBeTruthy();
    expect(screen.getByText("This track doesn't exist or isn't shared with you.")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toBeTruthy();
  });

  it('opens signed out, outside the shell, with a player bar that plays it', async () => {
    mockFetch({
      'GET /api/auth/user': () => new Response('Unauthorized', { status: 401 }),
      'GET /api/tracks/12': () => json(shared),
    });
    renderWithProviders(<AppRoutes />, { path: '/track/12' });
    await userEvent.click(await screen.findByRole('button', { name: 'Play Night Bus' }));
    const player = screen.getByRole('region', { name: 'Player' });
    expect(within(player).getByText('Night Bus')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Collectives' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Sign in with Google' })).toBeNull();
  });

  it('has Play next, Add to queue and Download buttons, the track carrying its owner as artist', async () => {
    mockFetch({ 'GET /api/tracks/12': () => json(shared) });
    const player = fakePlayer();
    renderWithProviders(
      <WithPlayer player={player}>
        <SharedTrackPage trackId="12" />
      </WithPlayer>,
      { path: '/track/12', seed: [[['/api/auth/user'], testUser]] },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Play next' }));
    expect(player.playNext).toHaveBeenCalledWith(
      expect.objectContaining({ id: 12, artist: 'Grace Hopper', artworkUrl: null, playable: true }),
    );
    expect(await screen.findByText('Playing next: Night Bus')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Add to queue' }));
    expect(player.addToQueue).toHaveBeenCalledWith(
      expect.objectContaining({ id: 12, artist: 'Grace Hopper' }),
    );
    const download = screen.getByRole('link', { name: 'Download' });
    expect(download.getAttribute('href')).toBe('/api/tracks/12/original');
    expect(download.hasAttribute('download')).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: 'Play Night Bus' }));
    expect(vi.mocked(player.playTrack).mock.calls[0]?.[1]).toEqual([
      expect.objectContaining({
        id: 12,
        artist: 'Grace Hopper',
        processing: { state: 'ready', error: null },
      }),
    ]);
  });

  it('shows the processing state and reads the track again until it is ready', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let reads = 0;
    const fetch = mockFetch({
      'GET /api/tracks/12': () => {
        reads += 1;
        const media =
          reads < 2 ? { playable: false, processing: { state: 'pending', error: null } } : readyMedia;
        return json({ ...shared, track: { ...track, ...media } });
      },
    });
    renderWithProviders(<SharedTrackPage trackId="12" />, { path: '/track/12' });
    expect(await screen.findByText('Processing…')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Play next' }).hasAttribute('disabled')).toBe(true);
    // No peaks asked while processing: the 409 would be an error in the visitor's console.
    expect(callsTo(fetch, '/api/tracks/12/waveform')).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(TIMINGS.processingPollMs);
    await waitFor(() => expect(screen.queryByText('Processing…')).toBeNull());
    await waitFor(() => expect(callsTo(fetch, '/api/tracks/12/waveform')).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Play next' }).hasAttribute('disabled')).toBe(false);
    await vi.advanceTimersByTimeAsync(TIMINGS.processingPollMs * 3);
    expect(callsTo(fetch, '/api/tracks/12')).toHaveLength(2);
  });
});
