import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formatStorageAmount } from '../../../shared/format';
import type { SecurityEvent } from '../../../shared/schemas/sessions';
import { json, mockFetch } from '../../test/mock-fetch';
import { renderWithProviders } from '../../test/render';
import { SecurityActivitySection } from './security-activity-section';

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
const laptop = { browser: 'Firefox 132', os: 'Windows 10', network: '203.0.113.0/24' };
const events: SecurityEvent[] = [
  { id: 6, kind: 'other_sessions_revoked', at: minutesAgo(1), detail: { ...laptop, count: 2 } },
  {
    id: 5,
    kind: 'session_revoked',
    at: minutesAgo(5),
    detail: { browser: 'Safari 17', os: 'iOS 17.5', network: '192.0.2.0/24', by: laptop },
  },
  {
    id: 4,
    kind: 'api_key_revoked',
    at: minutesAgo(60),
    detail: { name: 'Car', credentialKind: 'app-password' },
  },
  {
    id: 3,
    kind: 'api_key_created',
    at: minutesAgo(120),
    detail: { name: 'Symfonium', credentialKind: 'api-key' },
  },
  { id: 2, kind: 'export_downloaded', at: minutesAgo(600), detail: { exportId: 'e1' } },
  { id: 1, kind: 'sign_in', at: minutesAgo(60 * 48), detail: { ...laptop, method: 'google' } },
];
const list = () => screen.getByRole('list', { name: 'Security activity, newest first' });

describe('SecurityActivitySection', () => {
  it('tells each event in a sentence, newest first, with when and from where', async () => {
    mockFetch({ 'GET /api/user/security-events': () => json(events) });
    renderWithProviders(<SecurityActivitySection />, { path: '/profile' });
    expect(screen.getByRole('heading', { name: 'Security activity' })).toBeTruthy();
    await waitFor(() => expect(within(list()).getAllByRole('listitem')).toHaveLength(6));
    const lines = within(list())
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(lines).toEqual([
      'Signed out everywhere else (2 sessions)1 minute ago · Firefox 132 on Windows 10 · 203.0.113.0/24',
      'Signed out Safari 17 on iOS 17.55 minutes ago · Firefox 132 on Windows 10 · 203.0.113.0/24',
      'Revoked app password “Car”about 1 hour ago',
      'Created API key “Symfonium”about 2 hours ago',
      'Downloaded a copy of your dataabout 10 hours ago',
      'Signed in with Google2 days ago · Firefox 132 on Windows 10 · 203.0.113.0/24',
    ]);
  });

  it('shows the newest 8 first and the rest on "Show all"', async () => {
    const many: SecurityEvent[] = Array.from({ length: 12 }, (_, i) => ({
      id: 100 - i,
      kind: 'sign_in',
      at: minutesAgo(i * 10),
      detail: { method: 'demo' },
    }));
    mockFetch({ 'GET /api/user/security-events': () => json(many) });
    renderWithProviders(<SecurityActivitySection />, { path: '/profile' });
    await waitFor(() => expect(within(list()).getAllByRole('listitem')).toHaveLength(8));
    await userEvent.click(screen.getByRole('button', { name: 'Show all 12' }));
    expect(within(list()).getAllByRole('listitem')).toHaveLength(12);
    expect(within(list()).getAllByText('Signed in as a demo user')).toHaveLength(12);
  });

  it('tells what an instance admin did to the account, without naming the admin', async () => {
    const byAdmin: SecurityEvent[] = [
      { id: 4, kind: 'quota_changed', at: minutesAgo(1), detail: { quotaBytes: null } },
      { id: 3, kind: 'quota_changed', at: minutesAgo(2), detail: { quotaBytes: 5 * 1024 ** 3 } },
      { id: 2, kind: 'account_unsuspended', at: minutesAgo(3), detail: {} },
      { id: 1, kind: 'account_suspended', at: minutesAgo(4), detail: { reason: 'Spam links' } },
    ];
    mockFetch({ 'GET /api/user/security-events': () => json(byAdmin) });
    renderWithProviders(<SecurityActivitySection />, { path: '/profile' });
    await waitFor(() => expect(within(list()).getAllByRole('listitem')).toHaveLength(4));
    const lines = within(list())
      .getAllByRole('listitem')
      .map((li) => li.querySelector('p')?.textContent);
    expect(lines).toEqual([
      'Storage quota set back to the instance default by an instance admin',
      `Storage quota set to ${formatStorageAmount(5 * 1024 ** 3)} by an instance admin`,
      'Suspension lifted by an instance admin',
      'Suspended by an instance admin: Spam links',
    ]);
  });

  it('says when there is nothing yet', async () => {
    mockFetch({ 'GET /api/user/security-events': () => json([]) });
    renderWithProviders(<SecurityActivitySection />, { path: '/profile' });
    expect(await screen.findByText('Nothing yet.')).toBeTruthy();
  });
});
