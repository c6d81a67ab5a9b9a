import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CollectiveMember } from '../../../shared/schemas/collectives';
import { collectiveKey, collectivePlaylistsKey, membersKey } from '../../entities/collective/use-collectives';
import {
  collective,
  listed,
  NO_MEMBER_ABILITIES,
  person,
  sharedPlaylist,
} from '../../features/collectives/collective-fixtures';
import { json, mockFetch } from '../../test/mock-fetch';
import { renderWithProviders, testUser } from '../../test/render';
import { MobileTopBar } from './mobile-top-bar';

const playlists = [
  { id: 11, userId: testUser.id, name: 'Sketches', description: null, imageUrl: null, isPublic: false },
  { id: 12, userId: testUser.id, name: 'Live', description: null, imageUrl: null, isPublic: false },
];
const tapeClub = listed(4, 'Tape Club');
const journalSeed: Array<[unknown[], unknown]> = [
  [['/api/playlists'], playlists],
  [['/api/playlists/with-shared-collectives'], []],
  [['/api/collectives'], [tapeClub]],
];

const drawer = () => screen.findByRole('dialog', { name: 'Your Music Journal' });
const openDrawer = () => userEvent.click(screen.getByRole('button', { name: 'Open navigation' }));

describe('MobileTopBar navigation drawer in journal context', () => {
  it('opens the journal sidebar with its playlists and create controls, and closes on navigating', async () => {
    const { location } = renderWithProviders(
      <MobileTopBar user={testUser} collectiveId={null} onSearch={() => {}} />,
      {
        seed: journalSeed,
      },
    );
    expect(screen.queryByRole('dialog')).toBeNull();

    await openDrawer();
    const panel = await drawer();
    expect(within(panel).getByText('My Playlists')).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Create Playlist' })).toBeTruthy();
    expect(within(panel).getByRole('link', { name: 'Sketches' })).toBeTruthy();
    expect(await within(panel).findByRole('switch', { name: 'Public Profile' })).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Create Collective' })).toBeTruthy();
    // Members belong to collectives only.
    expect(within(panel).queryByRole('button', { name: /Members/ })).toBeNull();

    await userEvent.click(within(panel).getByRole('button', { name: 'Profile' }));
    expect(location.history?.at(-1)).toBe('/profile');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes when a playlist is picked, and when the location changes from elsewhere', async () => {
    const { location } = renderWithProviders(
      <MobileTopBar user={testUser} collectiveId={null} onSearch={() => {}} />,
      {
        seed: journalSeed,
      },
    );
    await openDrawer();
    await userEvent.click(within(await drawer()).getByRole('link', { name: 'Live' }));
    expect(location.history?.at(-1)).toBe('/playlist/12');
    expect(screen.queryByRole('dialog')).toBeNull();

    // Picking the page already shown changes no location, yet still puts the drawer away.
    await openDrawer();
    await userEvent.click(within(await drawer()).getByRole('link', { name: 'Live' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    // The browser's back button, say.
    await openDrawer();
    act(() => location.navigate('/'));
    expect(screen.queryByRole('dialog')).toBeNull();
    // Coming back to where it was opened does not open it again.
    act(() => location.navigate('/playlist/12'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('stays open behind the Create Playlist and Create Collective dialogs', async () => {
    renderWithProviders(<MobileTopBar user={testUser} collectiveId={null} onSearch={() => {}} />, {
      seed: journalSeed,
    });
    await openDrawer();
    await userEvent.click(within(await drawer()).getByRole('button', { name: 'Create Playlist' }));
    expect(await screen.findByRole('dialog', { name: 'Create Playlist' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog', { name: 'Create Playlist' })).toBeNull();

    await userEvent.click(within(await drawer()).getByRole('button', { name: 'Create Collective' }));
    expect(await screen.findByRole('dialog', { name: 'Create Collective' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog', { name: 'Create Collective' })).toBeNull();
    expect(await drawer()).toBeTruthy();
  });
});

describe('MobileTopBar navigation drawer in collective context', () => {
  const members: CollectiveMember[] = [
    {
      userId: 'a',
      role: 'owner',
      online: true,
      joinedAt: '2024-05-01T00:00:00.000Z',
      user: person('a', { username: 'dj_ada' }),
      abilities: NO_MEMBER_ABILITIES,
    },
  ];
  const shared = [sharedPlaylist(1, 'Dub'), sharedPlaylist(2, 'Ska')];

  function renderInCollective() {
    mockFetch({
      'GET /api/collectives/4/members': () => json(members),
      'GET /api/collectives/4/playlists': () => json(shared),
    });
    return renderWithProviders(<MobileTopBar user={testUser} collectiveId={4} onSearch={() => {}} />, {
      path: '/collective/4',
      seed: [
        [['/api/collectives'], [tapeClub]],
        [collectiveKey(4), collective(4, 'Tape Club')],
        [collectivePlaylistsKey(4), shared],
        [membersKey(4), members],
      ],
    });
  }

  it("shows the collective's sidebar and closes when a playlist is selected in place", async () => {
    const { location } = renderInCollective();
    await openDrawer();
    const panel = await screen.findByRole('dialog', { name: 'Tape Club' });
    expect(await within(panel).findByRole('button', { name: 'Settings' })).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Invite Members' })).toBeTruthy();
    expect(within(panel).getByText('Member Playlists')).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Create Collective' })).toBeTruthy();

    await userEvent.click(within(panel).getByRole('button', { name: /Ska/ }));
    expect(localStorage.getItem('collectivePlaylist:4')).toBe('2');
    expect(location.history).toEqual(['/collective/4']);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens the members in a sheet of their own', async () => {
    renderInCollective();
    await openDrawer();
    await userEvent.click(await screen.findByRole('button', { name: 'Members (1)' }));
    const sheet = screen.getByRole('dialog', { name: 'Members' });
    expect(screen.queryByRole('dialog', { name: 'Tape Club' })).toBeNull();
    expect(await within(sheet).findByText('dj_ada')).toBeTruthy();
    expect(within(sheet).getByRole('img', { name: 'Owner' })).toBeTruthy();

    await userEvent.click(within(sheet).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open navigation' }));
  });
});
