import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { FIRST_PAINT_ATTRIBUTE, SESSION_USER_ELEMENT_ID } from '../shared/constants';
import {
  EXPIRED_INVITE_MESSAGE,
  INVALID_INVITE_MESSAGE,
  type InviteDetails,
} from '../shared/schemas/collectives';
import { AppRoutes } from './app';
import { PENDING_INVITE_MAX_AGE_MS, rememberPendingInvite } from './entities/invite/pending-invite';
import { takeUserFromPage } from './entities/user/use-auth';
import { collective } from './features/collectives/collective-fixtures';
import { preloadLandingPage } from './lazy-screens';
import { resetCsrfToken } from './lib/api-client';
import { reloadPage } from './lib/navigation';
import { createQueryClient } from './lib/query-client';
import { callsTo, json, mockFetch, never } from './test/mock-fetch';
import { renderWithProviders, testUser } from './test/render';

vi.mock('./lib/navigation', () => ({ navigateTo: vi.fn(), reloadPage: vi.fn() }));

const signedOut = {
  'GET /api/auth/user': () => new Response('Unauthorized', { status: 401 }),
  'GET /api/auth/config': () => json({ googleEnabled: true, demoEnabled: true }),
};
const signedIn = {
  'GET /api/auth/user': () => json(testUser),
  'GET /api/collectives': () =>
    json([{ id: 3, name: 'Night Owls', description: null, imageUrl: null, ownerId: 'other' }]),
  'GET /api/collectives/3': () => json(collective(3, 'Night Owls', { ownerId: 'other', role: 'member' })),
  'GET /api/playlists': () => json([]),
  'GET /api/tracks': () => json([]),
};

const inviteDetails: InviteDetails = {
  code: 'abc123',
  collective: { id: 5, name: 'Night Owls', description: null, imageUrl: null },
  invitedBy: { firstName: 'Ada', lastName: 'Lovelace' },
  alreadyMember: false,
};

// Screens are lazy chunks (decision 0057); loading them cold in the test runner can take longer than
// a findBy waits, so they are loaded once up front, as a browser would have them cached.
beforeAll(async () => {
  await Promise.all([import('./app/shell/app-shell'), import('./features/tracks/journal-page')]);
}, 30_000);

beforeEach(() => {
  resetCsrfToken();
  vi.mocked(reloadPage).mockClear();
});

describe('routes', () => {
  it('shows a centred Loading... while the session loads', () => {
    mockFetch({ 'GET /api/auth/user': never });
    renderWithProviders(<AppRoutes />);
    expect(screen.getByRole('status').textContent).toBe('Loading...');
  });

  it('shows the 404 page for unknown paths', async () => {
    mockFetch(signedOut);
    renderWithProviders(<AppRoutes />, { path: '/no/such/page' });
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeTruthy();
    expect(screen.getByText('Did you forget to add the page to the router?')).toBeTruthy();
  });

  it('asks who is signed in as a probe, and takes its 204 for signed out (no 401 in the console)', async () => {
    const fetch = mockFetch({
      ...signedOut,
      'GET /api/auth/user': () => new Response(null, { status: 204 }),
    });
    renderWithProviders(<AppRoutes />);
    expect(await screen.findByRole('button', { name: 'Continue as Demo User' })).toBeTruthy();
    const [[, init]] = callsTo(fetch, '/api/auth/user') as [[unknown, RequestInit]];
    expect(new Headers(init.headers).get('x-auth-probe')).toBe('1');
  });

  it('draws the journal at once from the user the server wrote into the page, without the probe', async () => {
    const fetch = mockFetch(signedIn);
    const element = document.createElement('script');
    element.type = 'application/json';
    element.id = SESSION_USER_ELEMENT_ID;
    element.textContent = JSON.stringify(testUser);
    document.head.append(element);
    const queryClient = createQueryClient();
    takeUserFromPage(queryClient);
    // Read once, then gone: a later sign-out is never undone by the page's old copy.
    expect(document.getElementById(SESSION_USER_ELEMENT_ID)).toBeNull();
    renderWithProviders(<AppRoutes />, {
      seed: [[['/api/auth/user'], queryClient.getQueryData(['/api/auth/user'])]],
    });
    expect(await screen.findByRole('heading', { name: 'Your Music Journal' })).toBeTruthy();
    expect(callsTo(fetch, '/api/auth/user')).toHaveLength(0);
  });

  it('takes the landing the server drew as signed out, and draws its own over it at once (decision 0930)', async () => {
    const fetch = mockFetch({ 'GET /api/auth/config': never });
    const root = document.createElement('div');
    root.id = 'root';
    root.setAttribute(FIRST_PAINT_ATTRIBUTE, 'landing');
    document.body.append(root);
    const queryClient = createQueryClient();
    takeUserFromPage(queryClient);
    root.remove();
    expect(queryClient.getQueryData(['/api/auth/user'])).toBeNull();
    // Loaded first, as main.tsx does: the first render then draws the landing, never "Loading...".
    await preloadLandingPage();
    renderWithProviders(<AppRoutes />, { seed: [[['/api/auth/user'], null]] });
    expect(screen.getByRole('heading', { name: 'Journal' })).toBeTruthy();
    expect(screen.queryByText('Loading...')).toBeNull();
    expect(callsTo(fetch, '/api/auth/user')).toHaveLength(0);
  });

  it('takes no page without the drawn landing for signed out: the probe asks', () => {
    const root = document.createElement('div');
    root.id = 'root';
    document.body.append(root);
    const queryClient = createQueryClient();
    takeUserFromPage(queryClient);
    root.remove();
    expect(queryClient.getQueryData(['/api/auth/user'])).toBeUndefined();
  });

  it('ignores a page whose user element cannot be read, and asks', () => {
    const element = document.createElement('script');
    element.type = 'application/json';
    element.id = SESSION_USER_ELEMENT_ID;
    element.textContent = '{not json';
    document.head.append(element);
    const queryClient = createQueryClient();
    takeUserFromPage(queryClient);
    expect(queryClient.getQueryData(['/api/auth/user'])).toBeUndefined();
    expect(document.getElementById(SESSION_USER_ELEMENT_ID)).toBeNull();
  });

  it('asks signed-out visitors of signed-in routes to sign in instead of a 404', async () => {
    mockFetch(signedOut);
    renderWithProviders(<AppRoutes />, { path: '/collective/3/settings' });
    expect(await screen.findByRole('button', { name: 'Sign in with Google' })).toBeTruthy();
    expect(screen.queryByText('404 Page Not Found')).toBeNull();
  });

  it('offers sign-in on a signed-out join link and remembers the invite', async () => {
    mockFetch(signedOut);
    renderWithProviders(<AppRoutes />, { path: '/join/abc123' });
    expect(await screen.findByRole('button', { name: 'Sign in with Google' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Continue as Demo User' })).toBeTruthy();
    expect(localStorage.getItem('pendingInvite')).toBe('/join/abc123');
  });

  it('renders the journal inside the shell when signed in', async () => {
    mockFetch(signedIn);
    renderWithProviders(<AppRoutes />);
    expect(await screen.findByRole('heading', { name: 'Your Music Journal' })).toBeTruthy();
    expect(await screen.findByText('No tracks in your journal yet')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Player' })).toBeTruthy();
    const rail = screen.getByRole('navigation', { name: 'Collectives' });
    expect(await within(rail).findByRole('button', { name: 'Night Owls' })).toBeTruthy();
  });

  // Issue 23: no way past the rail, the playlists and the search without a dozen Tabs.
  it('starts every signed-in page with a skip link to the main region', async () => {
    mockFetch(signedIn);
    renderWithProviders(<AppRoutes />);
    expect(await screen.findByRole('heading', { name: 'Your Music Journal' })).toBeTruthy();
    await userEvent.tab();
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(document.activeElement).toBe(skip);
    await userEvent.keyboard('{Enter}');
    const main = screen.getByRole('main');
    expect(document.activeElement).toBe(main);
    expect(within(main).getByRole('heading', { name: 'Your Music Journal' })).toBeTruthy();
  });

  it('opens the full search results at /search inside the shell (decision 0282)', async () => {
    mockFetch({
      ...signedIn,
      'GET /api/search/equipment': () => json({ items: [], nextOffset: null }),
    });
    renderWithProviders(<AppRoutes />, { path: '/search?q=juno&type=equipment' });
    expect(await screen.findByText('No equipment match “juno”.', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Player' })).toBeTruthy();
  });

  it('shows the 404 standalone when signed in', async () => {
    mockFetch(signedIn);
    renderWithProviders(<AppRoutes />, { path: '/nowhere' });
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Player' })).toBeNull();
  });

  it('keeps collective settings from non-owners', async () => {
    mockFetch(signedIn);
    renderWithProviders(<AppRoutes />, { path: '/collective/3/settings' });
    // Two lazy chunks (the settings screen and the collective sidebar) are transformed on first use.
    expect(
      await screen.findByText("You don't have permission to access these settings", {}, { timeout: 5000 }),
    ).toBeTruthy();
  });

  it('shows collective settings to the owner', async () => {
    mockFetch({
      ...signedIn,
      'GET /api/collectives/3': () => json(collective(3, 'Night Owls', { ownerId: testUser.id })),
    });
    renderWithProviders(<AppRoutes />, { path: '/collective/3/settings' });
    expect(await screen.findByRole('heading', { name: 'Collective Settings' })).toBeTruthy();
    expect(screen.queryByText("You don't have permission to access these settings")).toBeNull();
  });
});

describe('auth=success', () => {
  it('posts the hand-off to manual-session, strips the parameters and reloads', async () => {
    window.history.replaceState(null, '', '/?auth=success&handoff=one-time&keep=1');
    const fetch = mockFetch({
      ...signedOut,
      'GET /api/auth/csrf-token': () => json({ csrfToken: 't' }),
      'POST /api/auth/manual-session': () => json({ ok: true }),
    });
    renderWithProviders(<AppRoutes />);

    await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
    const [, init] = callsTo(fetch, '/api/auth/manual-session')[0] ?? [];
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe(JSON.stringify({ handoff: 'one-time' }));
    expect(window.location.search).toBe('?keep=1');
    // No flash of the landing page while the session is being finished.
    expect(screen.getByRole('status').textContent).toBe('Loading...');
  });

  it('only strips the parameter when already signed in', async () => {
    window.history.replaceState(null, '', '/?auth=success');
    const fetch = mockFetch(signedIn);
    renderWithProviders(<AppRoutes />);

    expect(await screen.findByRole('heading', { name: 'Your Music Journal' })).toBeTruthy();
    await waitFor(() => expect(window.location.search).toBe(''));
    expect(callsTo(fetch, '/api/auth/manual-session')).toHaveLength(0);
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it('returns to a pending invite once signed in', async () => {
    localStorage.setItem('pendingInvite', '/join/abc123');
    mockFetch({ ...signedIn, 'GET /api/invite/abc123': () => json(inviteDetails) });
    const { location } = renderWithProviders(<AppRoutes />);
    expect(await screen.findByRole('heading', { name: 'Join Collective' })).toBeTruthy();
    expect(location.history?.at(-1)).toBe('/join/abc123');
    expect(localStorage.getItem('pendingInvite')).toBeNull();
  });

  // Issue 23: a dead link opened signed out sent the next sign-in to it, with an error.
  it('drops a pending invite that turned out dead, and says so on the journal', async () => {
    rememberPendingInvite('gone');
    mockFetch({
      ...signedIn,
      'GET /api/invite/gone': () =>
        json({ statusCode: 410, error: 'Gone', message: EXPIRED_INVITE_MESSAGE }, 410),
    });
    const { location } = renderWithProviders(<AppRoutes />);
    expect(await screen.findByText('Invalid invite link')).toBeTruthy();
    expect(screen.getByText(EXPIRED_INVITE_MESSAGE)).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Your Music Journal' })).toBeTruthy();
    expect(location.history?.some((entry) => entry.startsWith('/join/'))).toBe(false);
    expect(localStorage.getItem('pendingInvite')).toBeNull();
  });

  it('leaves a dead invite to the join page when sign-in lands there itself', async () => {
    rememberPendingInvite('gone');
    const fetch = mockFetch({
      ...signedIn,
      'GET /api/invite/gone': () =>
        json({ statusCode: 404, error: 'Not Found', message: INVALID_INVITE_MESSAGE }, 404),
    });
    renderWithProviders(<AppRoutes />, { path: '/join/gone' });
    expect(await screen.findByText('Invalid invite link')).toBeTruthy();
    // One toast, from the join page; the pending invite was not asked about a second time.
    await waitFor(() => expect(callsTo(fetch, '/api/invite/gone')).toHaveLength(1));
    expect(screen.getAllByText('Invalid invite link')).toHaveLength(1);
    expect(localStorage.getItem('pendingInvite')).toBeNull();
  });

  it('forgets a pending invite after an hour', async () => {
    rememberPendingInvite('abc123', Date.now() - PENDING_INVITE_MAX_AGE_MS - 1000);
    const fetch = mockFetch({ ...signedIn, 'GET /api/invite/abc123': () => json(inviteDetails) });
    const { location } = renderWithProviders(<AppRoutes />);
    expect(await screen.findByRole('heading', { name: 'Your Music Journal' })).toBeTruthy();
    expect(callsTo(fetch, '/api/invite/abc123')).toHaveLength(0);
    expect(location.history?.some((entry) => entry.startsWith('/join/'))).toBe(false);
    expect(localStorage.getItem('pendingInvite')).toBeNull();
  });
});
