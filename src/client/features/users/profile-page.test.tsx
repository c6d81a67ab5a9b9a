import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetCsrfToken } from '../../lib/api-client';
import { callsTo, json, mockFetch } from '../../test/mock-fetch';
import { renderWithProviders, testUser } from '../../test/render';
import { ProfilePage } from './profile-page';

beforeEach(() => resetCsrfToken());

describe('ProfilePage', () => {
  it('shows who is signed in and signs out: logout, cache cleared, back home', async () => {
    const fetch = mockFetch({
      'GET /api/auth/csrf-token': () => json({ csrfToken: 't' }),
      'POST /api/auth/logout': () => json({ ok: true }),
    });
    const { queryClient, location } = renderWithProviders(<ProfilePage user={testUser} />, {
      path: '/profile',
      seed: [
        [['/api/auth/user'], testUser],
        [['/api/playlists'], []],
      ],
    });
    expect(screen.getByRole('heading', { name: 'ada' })).toBeTruthy();
    expect(screen.getByText('ada@example.com')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/'));
    expect(callsTo(fetch, '/api/auth/logout')[0]?.[1]?.method).toBe('POST');
    expect(queryClient.getQueryData(['/api/auth/user'])).toBeNull();
    expect(queryClient.getQueryData(['/api/playlists'])).toBeUndefined();
  });

  it("toasts 'Failed to logout' when the server refuses", async () => {
    mockFetch({
      'GET /api/auth/csrf-token': () => json({ csrfToken: 't' }),
      'POST /api/auth/logout': () => new Response('', { status: 500 }),
    });
    const { location } = renderWithProviders(<ProfilePage user={testUser} />, { path: '/profile' });
    await userEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
    expect(await screen.findByText('Failed to logout')).toBeTruthy();
    expect(location.history?.at(-1)).toBe('/profile');
  });
});
