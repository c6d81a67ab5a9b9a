import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { LikedTrack } from '../../../shared/schemas/likes';
import { makeTrack } from '../../entities/track/test-tracks';
import { resetCsrfToken } from '../../lib/api-client';
import { callsTo, json, mockFetch } from '../../test/mock-fetch';
import { renderWithProviders } from '../../test/render';
import { PlayerBar } from '../player-bar/player-bar';
import { LikedPage } from './liked-page';

const person = (id: string, username: string) => ({
  id,
  username,
  firstName: null,
  lastName: null,
  avatarUrl: null,
  updatedAt: '2024-01-01T00:00:00.000Z',
});
const liked = (id: number, name: string, owner: ReturnType<typeof person>): LikedTrack => ({
  track: makeTrack({ id, name, userId: owner.id }),
  user: owner,
  likedAt: '2026-11-20T10:00:00.000Z',
});
const ada = person('u-ada', 'ada');
const ben = person('u-ben', 'ben');

beforeEach(() => resetCsrfToken());

describe('LikedPage (issue 26)', () => {
  it('says there is nothing yet, and how to add something', async () => {
    mockFetch({ 'GET /api/user/likes': () => json({ items: [], nextCursor: null }) });
    renderWithProviders(<LikedPage />, { path: '/liked' });
    expect(await screen.findByText('No liked tracks yet')).toBeTruthy();
    expect(screen.getByText(/Tap the heart on a track/)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Liked' })).toBeTruthy();
  });

  it('lists liked tracks of several people with their artist, plays them as one queue, and loads more', async () => {
    let page = 0;
    const fetch = mockFetch({
      'GET /api/user/likes': (_init, url) => {
        page++;
        return url.includes('cursor=next')
          ? json({ items: [liked(3, 'Old favourite', ada)], nextCursor: null })
          : json({ items: [liked(1, 'Bass line', ben), liked(2, 'Morning take', ada)], nextCursor: 'next' });
      },
      'GET /api/user/likes/ids': () => json({ trackIds: [1, 2, 3] }),
    });
    renderWithProviders(
      <>
        <LikedPage />
        <PlayerBar />
      </>,
      { path: '/liked' },
    );
    const list = await screen.findByRole('list', { name: 'Liked tracks' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((r) => within(r).getByRole('link').textContent)).toEqual(['Bass line', 'Morning take']);
    expect(within(rows[0]!).getByText('ben')).toBeTruthy();
    expect(within(rows[1]!).getByText('ada')).toBeTruthy();
    // Every heart is pressed: they are liked.
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('button', { name: 'Like' })
          .map((b) => b.getAttribute('aria-pressed')),
      ).toEqual(['true', 'true']),
    );

    await userEvent.click(within(rows[1]!).getByRole('button', { name: 'Play Morning take' }));
    const player = screen.getByRole('region', { name: 'Player' });
    expect(within(player).getByText('Morning take')).toBeTruthy();
    expect(within(player).getByText('ada')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    expect(page).toBe(2);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(callsTo(fetch, '/api/user/likes')).toHaveLength(2);
  });

  it('drops a track once it is unliked here', async () => {
    let items = [liked(1, 'Bass line', ben)];
    mockFetch({
      'GET /api/auth/csrf-token': () => json({ csrfToken: 't' }),
      'GET /api/user/likes': () => json({ items, nextCursor: null }),
      'GET /api/user/likes/ids': () => json({ trackIds: items.map((i) => i.track.id) }),
      'DELETE /api/tracks/1/like': () => {
        items = [];
        return json({ liked: false });
      },
    });
    renderWithProviders(<LikedPage />, { path: '/liked' });
    const list = await screen.findByRole('list', { name: 'Liked tracks' });
    const heart = within(list).getByRole('button', { name: 'Like' });
    await waitFor(() => expect(heart.getAttribute('aria-pressed')).toBe('true'));
    await userEvent.click(heart);
    expect(await screen.findByText('No liked tracks yet')).toBeTruthy();
  });
});
