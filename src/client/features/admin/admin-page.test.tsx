import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AdminJobs, AdminOverview, AdminPeople, AdminPerson } from '../../../shared/schemas/admin';
import { JournalSidebar } from '../../app/shell/journal-sidebar';
import { resetCsrfToken } from '../../lib/api-client';
import { callsTo, json, mockFetch } from '../../test/mock-fetch';
import { renderWithProviders, testUser } from '../../test/render';
import { AdminPage } from './admin-page';

const csrf = { 'GET /api/auth/csrf-token': () => json({ csrfToken: 't' }) };
beforeEach(() => resetCsrfToken());

const person = (over: Partial<AdminPerson>): AdminPerson => ({
  id: 'u_mallory',
  username: 'mallory',
  firstName: 'Mal',
  lastName: 'Lory',
  email: 'mal@example.com',
  emailVerified: true,
  isDemo: false,
  isAdmin: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  usedBytes: 5 * 1024 ** 2,
  trackCount: 3,
  quotaBytes: null,
  suspendedAt: null,
  suspendedReason: null,
  ...over,
});
const people = (list: AdminPerson[]): AdminPeople => ({
  people: list,
  total: list.length,
  page: 1,
  pageSize: 25,
  defaultQuotaBytes: 10 * 1024 ** 3,
});
const jobs: AdminJobs = {
  counts: [
    { queue: 'process-track', state: 'completed', count: 12 },
    { queue: 'process-track', state: 'failed', count: 1 },
  ],
  failedTracks: [
    {
      trackId: 7,
      name: 'Broken take',
      ownerId: 'u_mallory',
      ownerName: 'mallory',
      error: 'Not a file we can decode',
      updatedAt: '2026-02-01T00:00:00.000Z',
    },
  ],
};
const overview: AdminOverview = {
  storage: {
    originalsBytes: 3 * 1024 ** 3,
    originalsCount: 40,
    renditionsCount: 38,
    transcodeCacheBytes: 1024 ** 2,
    exportsBytes: 0,
    avatarsCount: 4,
    playlistCoversCount: 2,
  },
  people: { total: 9, suspended: 1 },
  demo: { enabled: true, live: 3, ttlHours: 24 },
  signup: 'invite',
};

const render = () => renderWithProviders(<AdminPage />, { path: '/admin' });

describe('AdminPage: people', () => {
  it('lists people with storage, quota and suspension; an admin has no actions', async () => {
    mockFetch({
      'GET /api/admin/people': () =>
        json(
          people([
            person({}),
            person({
              id: 'u_sus',
              username: 'spammer',
              suspendedAt: '2026-01-02T00:00:00Z',
              suspendedReason: 'Spam',
            }),
            person({ id: 'u_boss', username: 'boss', isAdmin: true, quotaBytes: 0 }),
          ]),
        ),
    });
    render();
    const mallory = await screen.findByRole('listitem', { name: 'mallory' });
    expect(mallory.textContent).toContain('5.0 MB in 3 tracks');
    expect(mallory.textContent).toContain('(default)');
    expect(within(mallory).getByRole('button', { name: 'Suspend' })).toBeTruthy();
    const spammer = screen.getByRole('listitem', { name: 'spammer' });
    expect(spammer.textContent).toContain('Suspended: Spam');
    expect(within(spammer).getByRole('button', { name: 'Unsuspend' })).toBeTruthy();
    const boss = screen.getByRole('listitem', { name: 'boss' });
    expect(boss.textContent).toContain('unlimited');
    expect(within(boss).queryByRole('button')).toBeNull();
  });

  it('marks an email its provider did not verify (decision 0530)', async () => {
    mockFetch({
      'GET /api/admin/people': () =>
        json(
          people([
            person({}),
            person({ id: 'u_lax', username: 'lax', email: 'boss@example.com', emailVerified: false }),
          ]),
        ),
    });
    render();
    const mallory = await screen.findByRole('listitem', { name: 'mallory' });
    expect(mallory.textContent).toContain('mal@example.com');
    expect(mallory.textContent).not.toContain('unverified');
    expect(screen.getByRole('listitem', { name: 'lax' }).textContent).toContain(
      'boss@example.com (unverified)',
    );
  });

  it('searches by what is typed', async () => {
    const fetch = mockFetch({ 'GET /api/admin/people': () => json(people([person({})])) });
    render();
    await screen.findByRole('listitem', { name: 'mallory' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search people' }), 'mal');
    await waitFor(() =>
      expect(callsTo(fetch, '/api/admin/people').some(([url]) => String(url).includes('q=mal'))).toBe(true),
    );
  });

  it('suspends only with a reason, and sends it', async () => {
    let body: unknown;
    mockFetch({
      ...csrf,
      'GET /api/admin/people': () => json(people([person({})])),
      'POST /api/admin/people/u_mallory/suspend': (init) => {
        body = JSON.parse(String(init?.body));
        return json(person({ suspendedAt: '2026-03-01T00:00:00Z', suspendedReason: 'Spam links' }));
      },
    });
    render();
    const row = await screen.findByRole('listitem', { name: 'mallory' });
    await userEvent.click(within(row).getByRole('button', { name: 'Suspend' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspend mallory?' });
    const confirm = within(dialog).getByRole('button', { name: 'Suspend' });
    expect(confirm.hasAttribute('disabled')).toBe(true);
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Spam links');
    await userEvent.click(confirm);
    await waitFor(() => expect(body).toEqual({ reason: 'Spam links' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('deletes only once the username is typed', async () => {
    let deleted: unknown;
    mockFetch({
      ...csrf,
      'GET /api/admin/people': () => json(people([person({})])),
      'DELETE /api/admin/people/u_mallory': (init) => {
        deleted = JSON.parse(String(init?.body));
        return new Response(null, { status: 204 });
      },
    });
    render();
    const row = await screen.findByRole('listitem', { name: 'mallory' });
    await userEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the account of mallory?' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete account' });
    const field = within(dialog).getByLabelText('Type mallory to confirm');
    await userEvent.type(field, 'delete');
    expect(confirm.hasAttribute('disabled')).toBe(true);
    await userEvent.clear(field);
    await userEvent.type(field, 'Mallory');
    expect(confirm.hasAttribute('disabled')).toBe(false);
    await userEvent.click(confirm);
    await waitFor(() => expect(deleted).toEqual({ confirm: 'Mallory' }));
  });

  it('sets a quota in MB; empty gives the default back', async () => {
    const sent: unknown[] = [];
    mockFetch({
      ...csrf,
      'GET /api/admin/people': () => json(people([person({ quotaBytes: 2 * 1024 ** 2 })])),
      'PUT /api/admin/people/u_mallory/quota': (init) => {
        sent.push(JSON.parse(String(init?.body)));
        return json(person({}));
      },
    });
    render();
    const row = await screen.findByRole('listitem', { name: 'mallory' });
    await userEvent.click(within(row).getByRole('button', { name: 'Quota' }));
    let dialog = await screen.findByRole('dialog', { name: 'Storage quota of mallory' });
    const field = within(dialog).getByLabelText('Quota (MB)');
    expect((field as HTMLInputElement).value).toBe('2');
    await userEvent.clear(field);
    await userEvent.type(field, '500');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save quota' }));
    await waitFor(() => expect(sent).toEqual([{ quotaBytes: 500 * 1024 ** 2 }]));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await userEvent.click(within(row).getByRole('button', { name: 'Quota' }));
    dialog = await screen.findByRole('dialog', { name: 'Storage quota of mallory' });
    await userEvent.clear(within(dialog).getByLabelText('Quota (MB)'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save quota' }));
    await waitFor(() => expect(sent[1]).toEqual({ quotaBytes: null }));
  });
});

describe('AdminPage: media jobs, storage and sign-ups', () => {
  it('shows counts per queue and state, failed tracks with their reason, and retries one', async () => {
    const fetch = mockFetch({
      ...csrf,
      'GET /api/admin/people': () => json(people([])),
      'GET /api/admin/jobs': () => json(jobs),
      'POST /api/admin/tracks/7/retry': () => new Response(null, { status: 204 }),
    });
    render();
    await userEvent.click(screen.getByRole('tab', { name: 'Media jobs' }));
    const failed = await screen.findByRole('listitem', { name: 'Broken take' });
    expect(failed.textContent).toContain('Not a file we can decode');
    expect(screen.getByRole('table').textContent).toContain('completed12');
    await userEvent.click(within(failed).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(callsTo(fetch, '/api/admin/tracks/7/retry')).toHaveLength(1));
  });

  it('shows storage totals, live demo accounts with Sweep now, and the sign-up mode', async () => {
    const fetch = mockFetch({
      ...csrf,
      'GET /api/admin/people': () => json(people([])),
      'GET /api/admin/overview': () => json(overview),
      'POST /api/admin/demo/sweep': () => json({ removed: 2 }),
    });
    render();
    await userEvent.click(screen.getByRole('tab', { name: 'Storage & sign-ups' }));
    const storage = await screen.findByRole('region', { name: 'Storage' });
    expect(storage.textContent).toContain('3.0 GB in 40 files');
    expect(storage.textContent).toContain('9, 1 suspended');
    const demo = screen.getByRole('region', { name: 'Demo accounts' });
    expect(demo.textContent).toContain('3 live demo accounts');
    await userEvent.click(within(demo).getByRole('button', { name: 'Sweep now' }));
    await waitFor(() => expect(callsTo(fetch, '/api/admin/demo/sweep')).toHaveLength(1));
    expect(screen.getByRole('region', { name: 'Sign-ups' }).textContent).toContain('Invite only');
  });
});

describe('the sidebar', () => {
  it('shows "Admin" to admins only', async () => {
    mockFetch({});
    const first = renderWithProviders(<JournalSidebar user={testUser} />);
    expect(screen.queryByRole('button', { name: 'Admin' })).toBeNull();
    first.unmount();
    renderWithProviders(<JournalSidebar user={{ ...testUser, isAdmin: true }} />);
    expect(screen.getByRole('button', { name: 'Admin' })).toBeTruthy();
  });
});
