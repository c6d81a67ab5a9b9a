import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CollectiveMember } from '../../../shared/schemas/collectives';
import { NO_MEMBER_ABILITIES } from '../../features/collectives/collective-fixtures';
import { mockFetch, never } from '../../test/mock-fetch';
import { renderWithProviders } from '../../test/render';
import { MembersPanel } from './members-panel';

const member = (
  userId: string,
  role: CollectiveMember['role'],
  fields: Partial<CollectiveMember['user']>,
  online = true,
): CollectiveMember => ({
  userId,
  role,
  online,
  joinedAt: '2024-05-01T00:00:00.000Z',
  abilities: NO_MEMBER_ABILITIES,
  user: {
    id: userId,
    username: null,
    firstName: null,
    lastName: null,
    avatarUrl: null,
    updatedAt: '2024-05-01T00:00:00.000Z',
    ...fields,
  },
});

const members: CollectiveMember[] = [
  member('a', 'owner', { username: 'dj_ada', firstName: 'Ada', lastName: 'L' }),
  member('b', 'admin', { firstName: 'Grace', lastName: 'Hopper' }),
  member('c', 'member', { firstName: 'Alan' }),
  member('d', 'member', { lastName: 'Only' }),
];

describe('MembersPanel', () => {
  it('names members by username, first and last name, first name, else Unknown User', () => {
    renderWithProviders(<MembersPanel collectiveId={9} />, {
      seed: [[['/api/collectives', 9, 'members'], members]],
    });
    const rows = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(rows).toEqual(['Ddj_ada', 'GGrace Hopper', 'AAlan', 'UUnknown User']);
  });

  it('marks the owner with a crown and admins with a shield', () => {
    renderWithProviders(<MembersPanel collectiveId={9} />, {
      seed: [[['/api/collectives', 9, 'members'], members]],
    });
    const owner = screen.getByRole('img', { name: 'Owner' }).closest('li');
    const admin = screen.getByRole('img', { name: 'Admin' }).closest('li');
    expect(owner?.textContent).toContain('dj_ada');
    expect(admin?.textContent).toContain('Grace Hopper');
    expect(screen.getAllByRole('img', { name: /Owner|Admin/ })).toHaveLength(2);
  });

  it('shows online the members the server reports online, and follows the cache live', async () => {
    const someOffline = members.map((m) => (m.userId === 'c' ? { ...m, online: false } : m));
    // The mount's own refetch stays pending: only the cache speaks here.
    mockFetch({ 'GET /api/collectives/9/members': never });
    const { queryClient } = renderWithProviders(<MembersPanel collectiveId={9} />, {
      seed: [[['/api/collectives', 9, 'members'], someOffline]],
    });
    expect(screen.getByText('Online').parentElement?.textContent).toBe('Online3');
    expect(screen.getByText('Offline').parentElement?.textContent).toBe('Offline1');
    expect(screen.getByText('Offline').closest('h3')?.nextElementSibling?.textContent).toBe('AAlan');
    // What a presence event does to the cache (use-live-events.ts): Alan comes online, Ada leaves.
    act(() =>
      queryClient.setQueryData(
        ['/api/collectives', 9, 'members'],
        someOffline.map((m) => ({ ...m, online: m.userId !== 'a' })),
      ),
    );
    await waitFor(() =>
      expect(screen.getByText('Offline').closest('h3')?.nextElementSibling?.textContent).toBe('Ddj_ada'),
    );
    expect(screen.getByText('Online').parentElement?.textContent).toBe('Online3');
    expect(screen.getByRole('heading', { name: 'Members' })).toBeTruthy();
  });

  it('shows loading, then "No members found" for an empty list or a failed read', async () => {
    mockFetch({ 'GET /api/collectives/9/members': never });
    const loading = renderWithProviders(<MembersPanel collectiveId={9} />);
    expect(screen.getByText('Loading members...')).toBeTruthy();
    loading.unmount();

    renderWithProviders(<MembersPanel collectiveId={9} />, {
      seed: [[['/api/collectives', 9, 'members'], []]],
    });
    expect(screen.getByText('No members found')).toBeTruthy();

    mockFetch({});
    const failing = renderWithProviders(<MembersPanel collectiveId={10} />);
    expect(await within(failing.container).findByText('No members found')).toBeTruthy();
  });
});
