import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { UserSession } from '../../../shared/schemas/sessions';
import { resetCsrfToken } from '../../lib/api-client';
import { callsTo, json, mockFetch } from '../../test/mock-fetch';
import { renderWithProviders } from '../../test/render';
import { SessionsSection } from './sessions-section';

const csrf = { 'GET /api/auth/csrf-token': () => json({ csrfToken: 't' }) };
const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();
const laptop: UserSession = {
  id: '11111111-1111-4111-8111-111111111111',
  browser: 'Firefox 132',
  os: 'Windows 10',
  network: '203.0.113.0/24',
  signedInAt: hoursAgo(72),
  lastActiveAt: hoursAgo(0),
  current: true,
};
const phone: UserSession = {
  id: '22222222-2222-4222-8222-222222222222',
  browser: 'Safari 17',
  os: 'iOS 17.5',
  network: '2001:db8:1234::/48',
  signedInAt: hoursAgo(24 * 10),
  lastActiveAt: hoursAgo(3),
  current: false,
};
const tablet: UserSession = { ...phone, id: '33333333-3333-4333-8333-333333333333', browser: null, os: null };

beforeEach(() => resetCsrfToken());
const list = () => screen.getByRole('list', { name: 'Your sessions' });
const rowOf = (text: string) => within(list()).getByText(text).closest('li') as HTMLElement;

describe('SessionsSection', () => {
  it('lists each session: browser on system, network, relative times, "This device"', async () => {
    mockFetch({ ...csrf, 'GET /api/user/sessions': () => json([laptop, phone, tablet]) });
    renderWithProviders(<SessionsSection />, { path: '/profile' });
    expect(screen.getByRole('heading', { name: "Where you're signed in" })).toBeTruthy();
    await waitFor(() => expect(within(list()).getAllByRole('listitem')).toHaveLength(3));

    const mine = rowOf('Firefox 132 on Windows 10');
    expect(within(mine).getByText('This device')).toBeTruthy();
    expect(mine.textContent).toContain('203.0.113.0/24 · signed in 3 days ago · last active now');
    expect(within(mine).queryByRole('button')).toBeNull();

    const other = rowOf('Safari 17 on iOS 17.5');
    expect(other.textContent).toContain(
      '2001:db8:1234::/48 · signed in 10 days ago · last active about 3 hours ago',
    );
    expect(within(other).queryByText('This device')).toBeNull();
    expect(rowOf('An unknown browser')).toBeTruthy();
  });

  it('signs out another session after a confirmation; Cancel asks nothing of the server', async () => {
    let sessions = [laptop, phone];
    const fetch = mockFetch({
      ...csrf,
      'GET /api/user/sessions': () => json(sessions),
      'GET /api/user/security-events': () => json([]),
      [`DELETE /api/user/sessions/${phone.id}`]: () => {
        sessions = [laptop];
        return new Response(null, { status: 204 });
      },
    });
    renderWithProviders(<SessionsSection />, { path: '/profile' });
    await screen.findByText('Safari 17 on iOS 17.5');

    await userEvent.click(screen.getByRole('button', { name: 'Sign out Safari 17 on iOS 17.5' }));
    expect(screen.getByText('Sign it out?')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(callsTo(fetch, `/api/user/sessions/${phone.id}`)).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Sign out Safari 17 on iOS 17.5' }));
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(screen.queryByText('Safari 17 on iOS 17.5')).toBeNull());
    const [, init] = callsTo(fetch, `/api/user/sessions/${phone.id}`)[0]!;
    expect(init?.method).toBe('DELETE');
    expect(new Headers(init?.headers).get('x-csrf-token')).toBe('t');
    // Nothing else to sign out: the button for it goes.
    expect(screen.queryByRole('button', { name: 'Sign out everywhere else' })).toBeNull();
  });

  it('"Sign out everywhere else" asks first, then leaves only this device', async () => {
    let sessions = [laptop, phone, tablet];
    const fetch = mockFetch({
      ...csrf,
      'GET /api/user/sessions': () => json(sessions),
      'GET /api/user/security-events': () => json([]),
      'POST /api/user/sessions/sign-out-others': () => {
        sessions = [laptop];
        return json({ signedOut: 2 });
      },
    });
    renderWithProviders(<SessionsSection />, { path: '/profile' });
    await waitFor(() => expect(within(list()).getAllByRole('listitem')).toHaveLength(3));
    await userEvent.click(screen.getByRole('button', { name: 'Sign out everywhere else' }));
    expect(screen.getByText('Sign out all other sessions?')).toBeTruthy();
    expect(callsTo(fetch, '/api/user/sessions/sign-out-others')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Sign out everywhere else' }));
    await waitFor(() => expect(within(list()).getAllByRole('listitem')).toHaveLength(1));
    expect(await screen.findByText('2 other sessions ended.')).toBeTruthy();
    expect(callsTo(fetch, '/api/user/sessions/sign-out-others')[0]?.[1]?.method).toBe('POST');
  });

  it('says so when the list cannot be loaded', async () => {
    mockFetch({ 'GET /api/user/sessions': () => new Response('', { status: 500 }) });
    renderWithProviders(<SessionsSection />, { path: '/profile' });
    expect(await screen.findByText('Could not load your sessions.')).toBeTruthy();
  });
});
