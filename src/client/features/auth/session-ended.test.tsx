import { screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_ENDED_MESSAGE } from '../../../shared/constants';
import { AppRoutes } from '../../app';
import { playlistQueryKey } from '../../entities/playlist/use-playlists';
import { AUTH_USER_QUERY_KEY } from '../../entities/user/use-auth';
import { ApiError, apiRequest, resetCsrfToken } from '../../lib/api-client';
import { json, mockFetch } from '../../test/mock-fetch';
import { renderWithProviders, testUser } from '../../test/render';
import { detail } from '../playlists/playlist-fixtures';

vi.mock('../../lib/navigation', () => ({ navigateTo: vi.fn(), reloadPage: vi.fn() }));

const unauthorized = () => json({ statusCode: 401, error: 'Unauthorized', message: 'Not signed in' }, 401);
const config = () => json({ googleEnabled: true, demoEnabled: true });
const playlist = detail(5, [], { name: 'Late Sets' });

beforeAll(async () => {
  // Lazy screens loaded up front, as in app.test.tsx.
  await Promise.all([
    import('../../app/shell/app-shell'),
    import('../playlists/playlist-page'),
    import('./landing-page'),
  ]);
}, 30_000);
beforeEach(() => resetCsrfToken());
/** Lazy screens on a busy machine can take longer than findBy's default second. */
const slow = { timeout: 15_000 };

// In this order: the notice is the app's state, and the last test signs in again to clear it.
describe('a 401 ends the session in one place', { timeout: 60_000 }, () => {
  it('the GET /api/auth/user probe answering 401 is just "signed out": landing page, no notice', async () => {
    mockFetch({ 'GET /api/auth/user': unauthorized, 'GET /api/auth/config': config });
    const { queryClient } = renderWithProviders(<AppRoutes />, { path: '/' });
    expect(await screen.findByRole('heading', { name: 'Journal' }, slow)).toBeTruthy();
    expect(screen.queryByText(SESSION_ENDED_MESSAGE)).toBeNull();

    // A 401 while signed out (a sign-in hand-off that found nothing) ends no session either.
    mockFetch({
      'POST /api/auth/manual-session': unauthorized,
      'GET /api/auth/csrf-token': () => json({ csrfToken: 't' }),
    });
    await expect(apiRequest('POST', '/api/auth/manual-session', {})).rejects.toBeInstanceOf(ApiError);
    expect(queryClient.getQueryData(AUTH_USER_QUERY_KEY)).toBeNull();
    expect(screen.queryByText(SESSION_ENDED_MESSAGE)).toBeNull();
  });

  it('any other request answering 401 while signed in: cache cleared, landing page, and the notice', async () => {
    let sessionAlive = true;
    mockFetch({
      'GET /api/auth/user': () => (sessionAlive ? json(testUser) : unauthorized()),
      'GET /api/auth/config': config,
      'GET /api/collectives': () => json([]),
      'GET /api/playlists': () => json([playlist]),
      'GET /api/playlists/5': () => (sessionAlive ? json(playlist) : unauthorized()),
      'GET /api/tracks': () => json([]),
    });
    const { queryClient, location } = renderWithProviders(<AppRoutes />, { path: '/playlist/5' });
    expect((await screen.findAllByText('Late Sets', {}, slow)).length).toBeGreaterThan(0);

    // The session ends on the server; the next request that needs it is refused.
    sessionAlive = false;
    await queryClient.refetchQueries({ queryKey: playlistQueryKey(5) }).catch(() => {});

    expect(await screen.findByText(SESSION_ENDED_MESSAGE, {}, slow)).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(SESSION_ENDED_MESSAGE);
    expect(screen.getByRole('heading', { name: 'Journal' })).toBeTruthy();
    expect(location.history.at(-1)).toBe('/');
    // Nothing of the user's is left in the cache; the auth query says signed out.
    expect(queryClient.getQueryData(AUTH_USER_QUERY_KEY)).toBeNull();
    // (The landing page then asks only which sign-ins the server offers.)
    const left = queryClient
      .getQueryCache()
      .getAll()
      .map((q) => String(q.queryKey[0]));
    expect(left.sort()).toEqual(['/api/auth/config', AUTH_USER_QUERY_KEY[0]]);
  });

  it('the notice goes once someone is signed in again', async () => {
    mockFetch({
      'GET /api/auth/user': () => json(testUser),
      'GET /api/collectives': () => json([]),
      'GET /api/playlists': () => json([]),
      'GET /api/tracks': () => json([]),
      'GET /api/auth/config': config,
    });
    const { queryClient } = renderWithProviders(<AppRoutes />, { path: '/' });
    await waitFor(() => expect(queryClient.getQueryData(AUTH_USER_QUERY_KEY)).toEqual(testUser), slow);
    queryClient.setQueryData(AUTH_USER_QUERY_KEY, null);
    expect(await screen.findByRole('heading', { name: 'Journal' }, slow)).toBeTruthy();
    expect(screen.queryByText(SESSION_ENDED_MESSAGE)).toBeNull();
  });
});
