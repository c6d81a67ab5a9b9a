import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CollectiveMember, MemberAbilities } from '../../../shared/schemas/collectives';
import { COLLECTIVES_QUERY_KEY, collectiveKey, membersKey } from '../../entities/collective/use-collectives';
import { AUTH_USER_QUERY_KEY } from '../../entities/user/use-auth';
import {
  collective,
  listed,
  NO_MEMBER_ABILITIES,
  person,
} from '../../features/collectives/collective-fixtures';
import { resetCsrfToken } from '../../lib/api-client';
import { callsTo, json, mockFetch } from '../../test/mock-fetch';
import { renderWithProviders, testUser } from '../../test/render';
import { MembersPanel } from './members-panel';

// The members panel's row menus (decision 0121): each row offers what the server's abilities say.

const csrf = { 'GET /api/auth/csrf-token': () => json({ csrfToken: 't' }) };
beforeEach(() => resetCsrfToken());

const row = (
  userId: string,
  role: CollectiveMember['role'],
  firstName: string,
  abilities: Partial<MemberAbilities> = {},
): CollectiveMember => ({
  userId,
  role,
  online: true,
  joinedAt: '2024-05-01T00:00:00.000Z',
  user: person(userId, { firstName }),
  abilities: { ...NO_MEMBER_ABILITIES, ...abilities },
});

/** The list as the owner (testUser) sees it. */
const asOwner = [
  row(testUser.id, 'owner', 'Ada'),
  row('b', 'admin', 'Grace', { makeMember: true, remove: true, makeOwner: true }),
  row('c', 'member', 'Alan', { makeAdmin: true, remove: true, makeOwner: true }),
];

function renderPanel(members: CollectiveMember[], role: 'owner' | 'member' = 'owner') {
  return renderWithProviders(<MembersPanel collectiveId={9} />, {
    path: '/collective/9',
    seed: [
      [AUTH_USER_QUERY_KEY, testUser],
      [collectiveKey(9), collective(9, 'Tape Club', { role, ownerId: role === 'owner' ? testUser.id : 'b' })],
      [COLLECTIVES_QUERY_KEY, [listed(9, 'Tape Club')]],
      [membersKey(9), members],
    ],
  });
}
const openMenuOf = async (name: string) => {
  await userEvent.click(screen.getByRole('button', { name: `Actions for ${name}` }));
  return screen.findByRole('menu');
};

describe('MembersPanel member management', () => {
  it('promotes a member to admin from their row', async () => {
    const fetch = mockFetch({
      ...csrf,
      'GET /api/collectives/9/members': () => json(asOwner),
      'GET /api/collectives/9': () => json(collective(9, 'Tape Club')),
      'PATCH /api/collectives/9/members/c': () => json({ userId: 'c', role: 'admin' }),
    });
    renderPanel(asOwner);
    // No menu on the owner's own row: nothing there for them to do.
    expect(screen.queryByRole('button', { name: 'Actions for Ada' })).toBeNull();
    const menu = await openMenuOf('Alan');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Make admin', 'Transfer ownership', 'Remove from collective']);
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Make admin' }));
    expect(await screen.findByText('Alan is now an admin')).toBeTruthy();
    const [, init] = callsTo(fetch, '/api/collectives/9/members/c')[0] ?? [];
    expect(init?.method).toBe('PATCH');
    expect(init?.body).toBe(JSON.stringify({ role: 'admin' }));
  });

  it('removes an admin after a confirmation naming them and the collective', async () => {
    let removed = false;
    const fetch = mockFetch({
      ...csrf,
      'GET /api/collectives/9/members': () => json(asOwner.filter((m) => !removed || m.userId !== 'b')),
      'GET /api/collectives/9': () => json(collective(9, 'Tape Club')),
      'DELETE /api/collectives/9/members/b': () => {
        removed = true;
        return json({ success: true });
      },
    });
    renderPanel(asOwner);
    const menu = await openMenuOf('Grace');
    expect(within(menu).getByRole('menuitem', { name: 'Remove admin role' })).toBeTruthy();
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Remove from collective' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove Grace from Tape Club?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Grace is no longer in the collective')).toBeTruthy();
    expect(callsTo(fetch, '/api/collectives/9/members/b')[0]?.[1]?.method).toBe('DELETE');
    await waitFor(() => expect(screen.queryByText('Grace')).toBeNull());
  });

  it('transfers ownership after asking', async () => {
    const fetch = mockFetch({
      ...csrf,
      'GET /api/collectives/9/members': () => json(asOwner),
      'GET /api/collectives/9': () => json(collective(9, 'Tape Club', { role: 'admin', ownerId: 'c' })),
      'POST /api/collectives/9/transfer': () =>
        json(collective(9, 'Tape Club', { role: 'admin', ownerId: 'c' })),
    });
    renderPanel(asOwner);
    await userEvent.click(
      within(await openMenuOf('Alan')).getByRole('menuitem', { name: 'Transfer ownership' }),
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'Make Alan the owner of Tape Club?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Transfer ownership' }));
    expect(await screen.findByText('Alan now owns the collective; you are an admin')).toBeTruthy();
    expect(callsTo(fetch, '/api/collectives/9/transfer')[0]?.[1]?.body).toBe(JSON.stringify({ userId: 'c' }));
  });

  it('lets a plain member only leave, from their own row, and takes them back to the journal', async () => {
    const asMember = [
      row('b', 'owner', 'Grace'),
      row(testUser.id, 'member', 'Ada', { leave: true }),
      row('c', 'member', 'Alan'),
    ];
    const fetch = mockFetch({
      ...csrf,
      'GET /api/collectives/9/members': () => json(asMember),
      [`DELETE /api/collectives/9/members/${testUser.id}`]: () => json({ success: true }),
      'GET /api/collectives': () => json([]),
    });
    const { location, queryClient } = renderPanel(asMember, 'member');
    expect(screen.queryByRole('button', { name: 'Actions for Grace' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Actions for Alan' })).toBeNull();
    const menu = await openMenuOf('Ada');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Leave collective']);
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Leave collective' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave Tape Club?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Leave' }));
    expect(await screen.findByText('You left Tape Club')).toBeTruthy();
    expect(callsTo(fetch, `/api/collectives/9/members/${testUser.id}`)[0]?.[1]?.method).toBe('DELETE');
    expect(location.history?.at(-1)).toBe('/');
    expect(queryClient.getQueryData(COLLECTIVES_QUERY_KEY)).toEqual([]);
  });

  it('shows the server’s refusal when a change is not allowed', async () => {
    mockFetch({
      ...csrf,
      'GET /api/collectives/9/members': () => json(asOwner),
      'GET /api/collectives/9': () => json(collective(9, 'Tape Club')),
      'PATCH /api/collectives/9/members/c': () =>
        json(
          { statusCode: 403, error: 'Forbidden', message: "Only the owner can change an admin's role" },
          403,
        ),
    });
    renderPanel(asOwner);
    await userEvent.click(within(await openMenuOf('Alan')).getByRole('menuitem', { name: 'Make admin' }));
    expect(await screen.findByText("Only the owner can change an admin's role")).toBeTruthy();
  });
});
