import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useAuth } from '../../entities/user/use-auth';
import { abilitiesOf } from '../../features/collectives/collective-fixtures';
import { resetCsrfToken } from '../../lib/api-client';
import { json, mockFetch } from '../../test/mock-fetch';
import { renderWithProviders, testUser } from '../../test/render';
import { PlaylistsSidebar } from './playlists-sidebar';

const playlists = [
  { id: 11, userId: testUser.id, name: 'Sketches', description: null, imageUrl: null, isPublic: false },
  {
    id: 12,
    userId: testUser.id,
    name: 'Live',
    description: null,
    imageUrl: '/uploads/live',
    isPublic: false,
  },
];
const collective = { id: 4, name: 'Tape Club', description: null, imageUrl: null, ownerId: 'x' };

beforeEach(() => resetCsrfToken());

/** Like the shell: the sidebar gets the user from the auth query, so cache updates show. */
function Harness() {
  const { user } = useAuth();
  return user ? <PlaylistsSidebar user={user} collectiveId={null} /> : null;
}

describe('PlaylistsSidebar in journal context', () => {
  const seed: Array<[unknown[], unknown]> = [
    [['/api/playlists'], playlists],
    [['/api/collectives'], []],
    [['/api/auth/user'], testUser],
  ];

  it('has the journal heading, navigation, playlists and create controls', async () => {
    const { location } = renderWithProviders(<PlaylistsSidebar user={testUser} collectiveId={null} />, {
      seed,
    });
    expect(screen.getByText('Your Music Journal')).toBeTruthy();
    expect(screen.getByText('My Playlists')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create Playlist' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New playlist' })).toBeTruthy();
    // A playlist without an image gets a lettered tile; one with an image its thumbnail.
    const sketches = screen.getByRole('link', { name: 'Sketches' });
    expect(sketches.textContent).toBe('SSketches');
    expect(sketches.getAttribute('href')).toBe('/playlist/11');
    const live = screen.getByRole('link', { name: 'Live' });
    expect(live.querySelector('img')?.getAttribute('src')).toBe('/uploads/live-128.webp');

    await userEvent.click(screen.getByRole('button', { name: 'Profile' }));
    expect(location.history?.at(-1)).toBe('/profile');
    await userEvent.click(live);
    expect(location.history?.at(-1)).toBe('/playlist/12');
  });

  it('makes the profile public at once and shows the share link', async () => {
    const fetch = mockFetch({
      'GET /api/auth/csrf-token': () => json({ csrfToken: 't' }),
      'PATCH /api/user/privacy': () => json({ isPublic: true }),
      'GET /api/auth/user': () => json({ ...testUser, isPublic: true }),
    });
    renderWithProviders(<Harness />, { seed });
    expect(await screen.findByText('Keep your profile private')).toBeTruthy();
    await userEvent.click(screen.getByRole('switch', { name: 'Public Profile' }));

    expect(screen.getByText('Your profile can be shared publicly')).toBeTruthy();
    expect(screen.getByRole('link', { name: /\/profile\/ada$/ })).toBeTruthy();
    const [, init] = fetch.mock.calls.find(([url]) => url === '/api/user/privacy') ?? [];
    expect(init?.body).toBe('{"isPublic":true}');
    expect(await screen.findByText('Your profile is now public')).toBeTruthy();
  });

  it('reverts the switch and says so when the change fails', async () => {
    mockFetch({
      'GET /api/auth/csrf-token': () => json({ csrfToken: 't' }),
      'PATCH /api/user/privacy': () => new Response('nope', { status: 500 }),
      'GET /api/auth/user': () => json(testUser),
    });
    renderWithProviders(<Harness />, { seed });
    const toggle = await screen.findByRole('switch', { name: 'Public Profile' });
    await userEvent.click(toggle);
    expect(await screen.findByText('Failed to update privacy settings')).toBeTruthy();
    expect(screen.getByRole('switch', { name: 'Public Profile' }).getAttribute('aria-checked')).toBe('false');
    expect(screen.getByText('Keep your profile private')).toBeTruthy();
  });
});

describe('PlaylistsSidebar in collective context', () => {
  it('has the collective name, Settings, Invite Members and an empty member playlist list', async () => {
    const { location } = renderWithProviders(<PlaylistsSidebar user={testUser} collectiveId={4} />, {
      seed: [
        [['/api/collectives'], [collective]],
        [['/api/collectives', 4], { ...collective, role: 'admin', abilities: abilitiesOf('owner') }],
        [['/api/collectives', 4, 'playlists'], []],
      ],
    });
    expect(screen.getByText('Tape Club')).toBeTruthy();
    expect(await screen.findByText('Member Playlists')).toBeTruthy();
    expect(screen.getByText('No playlists yet')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Invite Members' }));
    expect(location.history?.at(-1)).toBe('/collective/4/invites');
    await userEvent.click(screen.getByRole('button', { name: 'Settings' }));
    expect(location.history?.at(-1)).toBe('/collective/4/settings');
  });

  it('shows a plain member no Settings or Invite Members, as their abilities say', async () => {
    renderWithProviders(<PlaylistsSidebar user={testUser} collectiveId={4} />, {
      seed: [
        [['/api/collectives'], [collective]],
        [['/api/collectives', 4], { ...collective, role: 'member', abilities: abilitiesOf('member') }],
        [['/api/collectives', 4, 'playlists'], []],
      ],
    });
    expect(await screen.findByText('Member Playlists')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Settings' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Invite Members' })).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Collective' })).toBeNull();
  });

  it('shows an admin Invite Members but not Settings', async () => {
    renderWithProviders(<PlaylistsSidebar user={testUser} collectiveId={4} />, {
      seed: [
        [['/api/collectives'], [collective]],
        [['/api/collectives', 4], { ...collective, role: 'admin', abilities: abilitiesOf('admin') }],
        [['/api/collectives', 4, 'playlists'], []],
      ],
    });
    expect(await screen.findByRole('button', { name: 'Invite Members' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Settings' })).toBeNull();
  });

  it("lists member playlists with their owner's name", async () => {
    renderWithProviders(<PlaylistsSidebar user={testUser} collectiveId={4} />, {
      seed: [
        [['/api/collectives'], [collective]],
        [
          ['/api/collectives', 4, 'playlists'],
          [
            {
              id: 1,
              name: 'Dub',
              imageUrl: null,
              user: { username: null, firstName: 'Lee', avatarUrl: null },
            },
            { id: 2, name: 'Ska', imageUrl: null, user: null },
          ],
        ],
      ],
    });
    expect((await screen.findByRole('button', { name: /Dub/ })).textContent).toContain('Lee');
    expect(screen.getByRole('button', { name: /Ska/ }).textContent).toContain('Unknown');
  });
});
