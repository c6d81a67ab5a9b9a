import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RecentPlays } from '../../../shared/schemas/plays';
import type { Track } from '../../../shared/schemas/tracks';
import { readyMedia } from '../../entities/track/test-tracks';
import { fakePlayer, WithPlayer } from '../../test/fake-player';
import { json, mockFetch } from '../../test/mock-fetch';
import { renderWithProviders, testUser } from '../../test/render';
import { RecentPage } from './recent-page';

const track = (id: number, name: string): Track => ({
  id,
  userId: 'owner-1',
  name,
  ...readyMedia,
  version: 1,
  filename: `${name}.mp3`,
  mimeType: 'audio/mpeg',
  size: 1024,
  duration: 125,
  notes: null,
  fileCreatedAt: null,
  shareToEquipmentPages: false,
  visibility: 'private',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  equipment: [],
});
const owner = {
  id: 'owner-1',
  username: null,
  firstName: 'Grace',
  lastName: 'Hopper',
  avatarUrl: null,
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

afterEach(() => vi.unstubAllGlobals());

describe('RecentPage (decision 0395)', () => {
  it('lists the recently played tracks newest first with how long ago, and plays them as a queue', async () => {
    const recent: RecentPlays = {
      items: [
        { track: track(2, 'Night Bus'), user: owner, playedAt: minutesAgo(5), plays: 2 },
        { track: track(1, 'Morning Run'), user: owner, playedAt: minutesAgo(180), plays: 1 },
      ],
    };
    mockFetch({ 'GET /api/user/recent': () => json(recent) });
    const player = fakePlayer();
    renderWithProviders(
      <WithPlayer player={player}>
        <RecentPage />
      </WithPlayer>,
      { path: '/recent', seed: [[['/api/auth/user'], testUser]] },
    );
    const rows = await screen.findAllByTestId('recent-track');
    expect(
      rows.map((r) => within(r).getByRole('link', { name: /Night Bus|Morning Run/ }).textContent),
    ).toEqual(['Night Bus', 'Morning Run']);
    expect(within(rows[0]!).getAllByText('5 minutes ago').length).toBeGreaterThan(0);
    expect(within(rows[1]!).getAllByText('about 3 hours ago').length).toBeGreaterThan(0);
    expect(within(rows[0]!).getAllByText(/Grace Hopper/).length).toBeGreaterThan(0);
    await userEvent.click(within(rows[1]!).getByRole('button', { name: /Play Morning Run/ }));
    expect(player.playTrack).toHaveBeenCalledWith(
      expect.objectContaining({ id: 1, name: 'Morning Run', artist: 'Grace Hopper' }),
      [expect.objectContaining({ id: 2 }), expect.objectContaining({ id: 1 })],
    );
  });

  it('says so when nothing was played yet', async () => {
    mockFetch({ 'GET /api/user/recent': () => json({ items: [] }) });
    renderWithProviders(<RecentPage />, { path: '/recent', seed: [[['/api/auth/user'], testUser]] });
    expect(await screen.findByText('Nothing played yet')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Recently played' })).toBeTruthy();
  });

  it('says when the list could not be loaded', async () => {
    mockFetch({ 'GET /api/user/recent': () => json({ statusCode: 500, message: 'Boom' }, 500) });
    renderWithProviders(<RecentPage />, { path: '/recent', seed: [[['/api/auth/user'], testUser]] });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBeTruthy());
  });
});
