import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { BlockedPerson } from '../../../shared/schemas/moderation';
import type { PublicProfile } from '../../../shared/schemas/users';
import { resetCsrfToken } from '../../lib/api-client';
import { callsTo, json, mockFetch } from '../../test/mock-fetch';
import { renderWithProviders, testUser } from '../../test/render';
import { BlockedPeopleSection } from './blocked-people-section';
import { PublicProfilePage } from './public-profile-page';

// Block on a public profile and the "Blocked people" card (issue 28, decision 0450).

beforeEach(() => resetCsrfToken());

const troll = {
  id: 'u_troll',
  username: 'troll',
  firstName: null,
  lastName: null,
  avatarUrl: null,
  updatedAt: '2024-05-01T00:00:00.000Z',
};
const profile: PublicProfile = {
  user: { ...troll, bio: null, socialLinks: {} },
  tracks: [],
  trackCount: 0,
  trackCountCapped: false,
  nextCursor: null,
};
const noContent = () => new Response(null, { status: 204 });

function showProfile(blocks: BlockedPerson[], viewer: typeof testUser | null = testUser) {
  let list = blocks;
  const fetch = mockFetch({
    'GET /api/auth/csrf-token': () => json({ csrfToken: 't' }),
    'GET /api/public/users/troll': () => json(profile),
    'GET /api/user/blocks': () => json(list),
    'PUT /api/users/u_troll/block': () => {
      list = [{ user: troll, blockedAt: '2024-05-02T00:00:00.000Z' }];
      return noContent();
    },
    'DELETE /api/users/u_troll/block': () => {
      list = [];
      return noContent();
    },
  });
  renderWithProviders(<PublicProfilePage idOrUsername="troll" />, {
    path: '/profile/troll',
    seed: [[['/api/auth/user'], viewer]],
  });
  return fetch;
}

describe('Block on a public profile', () => {
  it('asks first, saying what blocking does, then blocks; the button turns into Unblock', async () => {
    const fetch = showProfile([]);
    await userEvent.click(await screen.findByRole('button', { name: 'Block' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Block troll?' });
    expect(within(dialog).getByText(/no longer be able to mention you, comment on your tracks/)).toBeTruthy();
    expect(within(dialog).getByText(/Nothing already written is deleted/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Block' }));
    expect(await screen.findByText('Blocked')).toBeTruthy();
    expect(callsTo(fetch, '/api/users/u_troll/block')[0]?.[1]?.method).toBe('PUT');
    await userEvent.click(await screen.findByRole('button', { name: 'Unblock' }));
    expect(await screen.findByRole('button', { name: 'Block' })).toBeTruthy();
    expect(callsTo(fetch, '/api/users/u_troll/block')[1]?.[1]?.method).toBe('DELETE');
  });

  it('cancelling the dialog blocks nobody', async () => {
    const fetch = showProfile([]);
    await userEvent.click(await screen.findByRole('button', { name: 'Block' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }),
    );
    expect(callsTo(fetch, '/api/users/u_troll/block')).toHaveLength(0);
  });

  it('is not offered signed out, nor on one’s own profile', async () => {
    const signedOut = showProfile([], null);
    expect(await screen.findByRole('heading', { name: 'troll' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Block' })).toBeNull();
    expect(callsTo(signedOut, '/api/user/blocks')).toHaveLength(0);
    cleanup();
    showProfile([], { ...testUser, id: 'u_troll', username: 'troll' });
    expect(await screen.findByRole('heading', { name: 'troll' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Block' })).toBeNull();
  });
});

describe('BlockedPeopleSection', () => {
  it('lists the blocked with Unblock, and says when there is nobody', async () => {
    let list: BlockedPerson[] = [{ user: troll, blockedAt: '2024-05-02T00:00:00.000Z' }];
    const fetch = mockFetch({
      'GET /api/auth/csrf-token': () => json({ csrfToken: 't' }),
      'GET /api/user/blocks': () => json(list),
      'DELETE /api/users/u_troll/block': () => {
        list = [];
        return noContent();
      },
    });
    renderWithProviders(<BlockedPeopleSection />);
    const people = await screen.findByRole('list', { name: 'Blocked people' });
    expect(within(people).getByText('troll')).toBeTruthy();
    await userEvent.click(within(people).getByRole('button', { name: 'Unblock troll' }));
    expect(await screen.findByText('You have not blocked anyone.')).toBeTruthy();
    expect(callsTo(fetch, '/api/users/u_troll/block')[0]?.[1]?.method).toBe('DELETE');
  });
});
