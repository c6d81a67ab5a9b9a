import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AdminReport } from '../../../shared/schemas/reports';
import { resetCsrfToken } from '../../lib/api-client';
import { callsTo, json, mockFetch } from '../../test/mock-fetch';
import { renderWithProviders } from '../../test/render';
import { AdminPage } from './admin-page';

const csrf = { 'GET /api/auth/csrf-token': () => json({ csrfToken: 't' }) };
beforeEach(() => resetCsrfToken());

const summary = (id: string, username: string) => ({
  id,
  username,
  firstName: null,
  lastName: null,
  avatarUrl: null,
  updatedAt: '2026-01-01T00:00:00.000Z',
});
const report = (over: Partial<AdminReport> = {}): AdminReport => ({
  id: 5,
  target: {
    kind: 'trackComment',
    id: 9,
    excerpt: 'buy my stuff',
    author: summary('u_mal', 'mallory'),
    url: '/collective/1/playlist/2?track=3&t=1&comment=9',
    hidden: false,
    hidable: true,
  },
  reason: 'spam',
  note: 'Links to a shop',
  reporter: summary('u_rita', 'rita'),
  sameTargetCount: 2,
  state: 'open',
  outcome: null,
  resolvedBy: null,
  createdAt: '2026-02-01T00:00:00.000Z',
  resolvedAt: null,
  ...over,
});

const openTab = async () => {
  renderWithProviders(<AdminPage />, { path: '/admin' });
  await userEvent.click(screen.getByRole('tab', { name: 'Reports' }));
  return screen.findByRole('listitem', { name: 'Report 5' });
};

describe('AdminPage: Reports (decision 0455)', () => {
  it('shows each report with its target, reason, note, reporter, count and a link in context', async () => {
    mockFetch({ 'GET /api/admin/reports': () => json({ items: [report()] }) });
    const row = await openTab();
    expect(row.textContent).toContain('Timed comment');
    expect(row.textContent).toContain('Spam');
    expect(row.textContent).toContain('2 reports');
    expect(row.textContent).toContain('buy my stuff');
    expect(row.textContent).toContain('By mallory');
    expect(row.textContent).toContain('Reported by rita');
    expect(row.textContent).toContain('“Links to a shop”');
    expect(within(row).getByRole('link', { name: 'Open in context' }).getAttribute('href')).toBe(
      '/collective/1/playlist/2?track=3&t=1&comment=9',
    );
  });

  it('hides only after the confirm, and dismisses likewise', async () => {
    const fetch = mockFetch({
      ...csrf,
      'GET /api/admin/reports': () => json({ items: [report()] }),
      'POST /api/admin/reports/5/hide': () => json({ resolved: 2 }),
      'POST /api/admin/reports/5/dismiss': () => json({ resolved: 2 }),
    });
    const row = await openTab();
    await userEvent.click(within(row).getByRole('button', { name: 'Hide comment' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Hide this content?' });
    expect(callsTo(fetch, '/api/admin/reports/5/hide')).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Hide' }));
    await waitFor(() => expect(callsTo(fetch, '/api/admin/reports/5/hide')).toHaveLength(1));
    expect(await screen.findByText('Hidden: the author was told')).toBeTruthy();

    await userEvent.click(within(row).getByRole('button', { name: 'Dismiss' }));
    const dismiss = await screen.findByRole('alertdialog', { name: 'Dismiss the reports?' });
    await userEvent.click(within(dismiss).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(callsTo(fetch, '/api/admin/reports/5/dismiss')).toHaveLength(1));
  });

  it('suspends the author through the suspend route, with a reason', async () => {
    let body: unknown;
    mockFetch({
      ...csrf,
      'GET /api/admin/reports': () => json({ items: [report()] }),
      'POST /api/admin/people/u_mal/suspend': (init) => {
        body = JSON.parse(String(init?.body));
        return json({});
      },
    });
    const row = await openTab();
    await userEvent.click(within(row).getByRole('button', { name: 'Suspend author' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspend mallory?' });
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Spam');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    await waitFor(() => expect(body).toEqual({ reason: 'Spam' }));
  });

  it('offers no Hide for an equipment page, and Unhide for hidden content', async () => {
    mockFetch({
      'GET /api/admin/reports': () =>
        json({
          items: [
            report({
              target: { ...report().target, kind: 'equipment', author: null, hidable: false },
            }),
          ],
        }),
    });
    const row = await openTab();
    expect(within(row).queryByRole('button', { name: /^Hide/ })).toBeNull();
    expect(within(row).queryByRole('button', { name: 'Suspend author' })).toBeNull();
    expect(within(row).getByRole('button', { name: 'Dismiss' })).toBeTruthy();
  });

  it('hides a reported equipment-page comment in one action, and says who resolved it (decision 0580)', async () => {
    const onPage = report({
      target: { ...report().target, kind: 'equipmentComment', url: '/equipment/7' },
    });
    const fetch = mockFetch({
      ...csrf,
      'GET /api/admin/reports': (_init, url) =>
        String(url).includes('state=resolved')
          ? json({
              items: [
                {
                  ...onPage,
                  state: 'resolved',
                  outcome: 'hidden',
                  resolvedBy: summary('u_ava', 'ava'),
                  resolvedAt: '2026-02-02T00:00:00.000Z',
                  target: { ...onPage.target, hidden: true },
                },
              ],
            })
          : json({ items: [onPage] }),
      'POST /api/admin/reports/5/hide': () => json({ resolved: 1 }),
    });
    const row = await openTab();
    expect(row.textContent).toContain('Equipment comment');
    expect(within(row).getByRole('link', { name: 'Open in context' }).getAttribute('href')).toBe(
      '/equipment/7',
    );
    await userEvent.click(within(row).getByRole('button', { name: 'Hide comment' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Hide this content?' });
    expect(confirm.textContent).toContain('each reporter is told');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Hide' }));
    await waitFor(() => expect(callsTo(fetch, '/api/admin/reports/5/hide')).toHaveLength(1));

    await userEvent.click(screen.getByRole('button', { name: 'Resolved' }));
    const done = await screen.findByRole('listitem', { name: 'Report 5' });
    await waitFor(() => expect(done.textContent).toContain('Hidden by ava 2 Feb 2026'));
    expect(within(done).queryByRole('button', { name: 'Hide comment' })).toBeNull();
    expect(within(done).getByRole('button', { name: 'Unhide' })).toBeTruthy();
  });
});
