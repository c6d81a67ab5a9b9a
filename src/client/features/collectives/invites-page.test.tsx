import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { collectiveKey, inviteLinksKey } from '../../entities/collective/use-collectives';
import { resetCsrfToken } from '../../lib/api-client';
import { callsTo, json, mockFetch } from '../../test/mock-fetch';
import { renderWithProviders } from '../../test/render';
import { collective, inviteLink } from './collective-fixtures';
import { CollectiveInvitesPage } from './invites-page';

const links = [
  inviteLink(3, 'multiCODE', { type: 'multi', usageCount: 3 }),
  inviteLink(2, 'singleOPEN', { type: 'single', maxUses: 1, usageCount: 0 }),
  inviteLink(1, 'singleUSED', {
    type: 'single',
    maxUses: 1,
    usageCount: 1,
    isActive: false,
    isExhausted: true,
  }),
];
const csrf = { 'GET /api/auth/csrf-token': () => json({ csrfToken: 't' }) };

beforeEach(() => resetCsrfToken());

const rows = () => screen.getAllByRole('row').slice(1);
const rowOf = (code: string) => {
  const row = rows().find((r) => r.textContent?.includes(`/join/${code}`));
  if (!row) throw new Error(`no row for ${code}`);
  return row;
};

describe('Manage Invites', () => {
  it('lists links with their address, uses (count or count/max) and active state', async () => {
    mockFetch({ 'GET /api/collectives/1/invite-links': () => json(links) });
    renderWithProviders(<CollectiveInvitesPage collectiveId={1} />, {
      seed: [[collectiveKey(1), collective(1, 'Tape Club')]],
    });
    expect(screen.getByRole('heading', { name: 'Manage Invites' })).toBeTruthy();
    await screen.findByRole('table');
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Link', 'Uses', 'Expires', 'Active', 'Revoke']);
    expect(rows()).toHaveLength(3);
    expect(rowOf('multiCODE').textContent).toContain(`${window.location.origin}/join/multiCODE`);

    const uses = (code: string) => within(rowOf(code)).getAllByRole('cell')[1]?.textContent;
    expect(uses('multiCODE')).toBe('3');
    expect(uses('singleOPEN')).toBe('0/1');
    expect(uses('singleUSED')).toBe('1/1');

    // A used-up link shows Inactive and its switch cannot be touched.
    const used = within(rowOf('singleUSED')).getByRole('switch');
    expect(used.getAttribute('aria-checked')).toBe('false');
    expect(used.hasAttribute('disabled')).toBe(true);
    expect(within(rowOf('singleUSED')).getByText('Inactive')).toBeTruthy();
    const open = within(rowOf('singleOPEN')).getByRole('switch');
    expect(open.getAttribute('aria-checked')).toBe('true');
    expect(open.hasAttribute('disabled')).toBe(false);
  });

  it('shows each link on one line, cut in the middle, its end always seen and the whole in its title', async () => {
    mockFetch({ 'GET /api/collectives/1/invite-links': () => json(links) });
    renderWithProviders(<CollectiveInvitesPage collectiveId={1} />, {
      seed: [[collectiveKey(1), collective(1, 'Tape Club')]],
    });
    await screen.findByRole('table');
    const url = `${window.location.origin}/join/multiCODE`;
    const shown = within(rowOf('multiCODE')).getByTestId('invite-url');
    expect(shown.getAttribute('title')).toBe(url);
    // Read (and selected, and copied) whole: the cut is drawn by CSS only.
    expect(shown.textContent).toBe(url);
    expect(shown.className).toContain('whitespace-nowrap');
    expect(shown.className).not.toContain('break-all');
    const [start, end] = Array.from(shown.children);
    expect(start?.className).toContain('truncate');
    expect(end?.textContent).toBe(url.slice(-8));
    expect(end?.className).toContain('shrink-0');
  });

  it('switches a link off with PATCH isActive and says so', async () => {
    const fetch = mockFetch({
      ...csrf,
      'GET /api/collectives/1/invite-links': () => json(links),
      'PATCH /api/collectives/1/invite-links/2': () => json({ ...links[1], isActive: false }),
    });
    renderWithProviders(<CollectiveInvitesPage collectiveId={1} />, {
      seed: [[collectiveKey(1), collective(1, 'Tape Club')]],
    });
    await screen.findByRole('table');
    await userEvent.click(within(rowOf('singleOPEN')).getByRole('switch'));
    expect(await screen.findByText('Invite link status updated')).toBeTruthy();
    const [, init] = callsTo(fetch, '/api/collectives/1/invite-links/2')[0] ?? [];
    expect(init?.method).toBe('PATCH');
    expect(init?.body).toBe(JSON.stringify({ isActive: false }));
    await waitFor(() =>
      expect(within(rowOf('singleOPEN')).getByRole('switch').getAttribute('aria-checked')).toBe('false'),
    );
  });

  it('says when switching fails', async () => {
    mockFetch({
      ...csrf,
      'GET /api/collectives/1/invite-links': () => json(links),
      'PATCH /api/collectives/1/invite-links/3': () => json({ message: 'Conflict' }, 409),
    });
    renderWithProviders(<CollectiveInvitesPage collectiveId={1} />, {
      seed: [[collectiveKey(1), collective(1, 'Tape Club')]],
    });
    await screen.findByRole('table');
    await userEvent.click(within(rowOf('multiCODE')).getByRole('switch'));
    expect(await screen.findByText('Failed to update invite link')).toBeTruthy();
  });

  it('generates single- and multi-use links', async () => {
    const fetch = mockFetch({
      ...csrf,
      'GET /api/collectives/1/invite-links': () => json([]),
      'POST /api/collectives/1/invite-links': (init) => {
        const { type } = JSON.parse(String(init?.body)) as { type: 'single' | 'multi' };
        const maxUses = type === 'single' ? 1 : null;
        return json(inviteLink(type === 'single' ? 10 : 11, `new-${type}`, { type, maxUses }), 201);
      },
    });
    const { queryClient } = renderWithProviders(<CollectiveInvitesPage collectiveId={1} />, {
      seed: [[collectiveKey(1), collective(1, 'Tape Club', { role: 'admin', ownerId: 'someone' })]],
    });
    expect(await screen.findByText('No invite links yet')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /^Invite one person/ }));
    expect(await screen.findByText('Single-use invite link generated')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /^Invite many people/ }));
    expect(await screen.findByText('Multi-use invite link generated')).toBeTruthy();
    const bodies = callsTo(fetch, '/api/collectives/1/invite-links')
      .filter(([, init]) => init?.method === 'POST')
      .map(([, init]) => init?.body);
    expect(bodies).toEqual([
      JSON.stringify({ type: 'single', expiresIn: 'never' }),
      JSON.stringify({ type: 'multi', expiresIn: 'never' }),
    ]);
    expect(rows().map((r) => within(r).getAllByRole('cell')[1]?.textContent)).toEqual(['0', '0/1']);
    expect(queryClient.getQueryData(inviteLinksKey(1))).toHaveLength(2);
  });

  it('makes a link that expires after the chosen time and shows each link’s expiry', async () => {
    const inSevenDays = new Date(Date.now() + 7 * 24 * 3_600_000 - 60_000).toISOString();
    const fetch = mockFetch({
      ...csrf,
      'GET /api/collectives/1/invite-links': () =>
        json([inviteLink(5, 'oldOne', { expiresAt: '2024-05-02T10:00:00.000Z', isExpired: true })]),
      'POST /api/collectives/1/invite-links': () =>
        json(inviteLink(6, 'weekLong', { expiresAt: inSevenDays }), 201),
    });
    renderWithProviders(<CollectiveInvitesPage collectiveId={1} />, {
      seed: [[collectiveKey(1), collective(1, 'Tape Club')]],
    });
    await screen.findByRole('table');
    const expiry = (code: string) => within(rowOf(code)).getByTestId('invite-expiry').textContent;
    expect(expiry('oldOne')).toBe('Expired');
    const choice = screen.getByRole('group', { name: 'Expires after' });
    expect(within(choice).getByRole('radio', { name: 'Never' })).toHaveProperty('checked', true);
    await userEvent.click(within(choice).getByRole('radio', { name: '7 days' }));
    await userEvent.click(screen.getByRole('button', { name: /^Invite many people/ }));
    await screen.findByText('Multi-use invite link generated');
    const [, init] =
      callsTo(fetch, '/api/collectives/1/invite-links').find(([, i]) => i?.method === 'POST') ?? [];
    expect(init?.body).toBe(JSON.stringify({ type: 'multi', expiresIn: '7d' }));
    expect(expiry('weekLong')).toBe('Expires in 7 days');
  });

  it('revokes a link after asking, and it leaves the list', async () => {
    const fetch = mockFetch({
      ...csrf,
      'GET /api/collectives/1/invite-links': () => json(links),
      'DELETE /api/collectives/1/invite-links/3': () => json({ success: true }),
    });
    renderWithProviders(<CollectiveInvitesPage collectiveId={1} />, {
      seed: [[collectiveKey(1), collective(1, 'Tape Club')]],
    });
    await screen.findByRole('table');
    const url = `${window.location.origin}/join/multiCODE`;
    await userEvent.click(screen.getByRole('button', { name: `Revoke ${url}` }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Revoke this invite link?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('Invite link revoked')).toBeTruthy();
    expect(callsTo(fetch, '/api/collectives/1/invite-links/3')[0]?.[1]?.method).toBe('DELETE');
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.queryByText(url)).toBeNull();
  });

  it('says when generating fails, and refreshes on demand', async () => {
    const fetch = mockFetch({
      ...csrf,
      'GET /api/collectives/1/invite-links': () => json([links[0]]),
      'POST /api/collectives/1/invite-links': () => json({ message: 'nope' }, 500),
    });
    renderWithProviders(<CollectiveInvitesPage collectiveId={1} />, {
      seed: [[collectiveKey(1), collective(1, 'Tape Club')]],
    });
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('button', { name: /^Invite one person/ }));
    expect(await screen.findByText('Failed to generate invite link')).toBeTruthy();
    const reads = () => callsTo(fetch, '/api/collectives/1/invite-links').filter(([, i]) => !i?.method);
    const before = reads().length;
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(reads().length).toBe(before + 1));
  });

  it('copies a link, shows a tick and says Link Copied', async () => {
    const user = userEvent.setup();
    mockFetch({ 'GET /api/collectives/1/invite-links': () => json([links[0]]) });
    renderWithProviders(<CollectiveInvitesPage collectiveId={1} />, {
      seed: [[collectiveKey(1), collective(1, 'Tape Club')]],
    });
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await screen.findByText('Link Copied')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Link copied' })).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/join/multiCODE`);
  });

  it('tells members without the right instead of showing links', async () => {
    const fetch = mockFetch({});
    renderWithProviders(<CollectiveInvitesPage collectiveId={1} />, {
      seed: [[collectiveKey(1), collective(1, 'Tape Club', { role: 'member', ownerId: 'x' })]],
    });
    expect(screen.getByText('Only the owner and admins can manage invites')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Invite one person/ })).toBeNull();
    expect(callsTo(fetch, '/api/collectives/1/invite-links')).toHaveLength(0);
  });

  it('treats a 403 from the server the same way', async () => {
    mockFetch({
      'GET /api/collectives/1/invite-links': () => json({ message: 'Forbidden' }, 403),
    });
    renderWithProviders(<CollectiveInvitesPage collectiveId={1} />, {
      seed: [[collectiveKey(1), collective(1, 'Tape Club', { role: 'admin' })]],
    });
    expect(await screen.findByText('Only the owner and admins can manage invites')).toBeTruthy();
  });
});
