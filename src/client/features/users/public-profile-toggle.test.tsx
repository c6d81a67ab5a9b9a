import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AuthUser } from '../../../shared/schemas/auth';
import { useAuth } from '../../entities/user/use-auth';
import { resetCsrfToken } from '../../lib/api-client';
import { callsTo, json, mockFetch } from '../../test/mock-fetch';
import { renderWithProviders, testUser } from '../../test/render';
import { PublicProfileToggle } from './public-profile-toggle';

beforeEach(() => resetCsrfToken());

/** As in the shell: the switch shows the cached signed-in user. */
function Harness() {
  const { user } = useAuth();
  return user ? <PublicProfileToggle user={user} /> : null;
}

function deferred() {
  let resolve: (res: Response) => void = () => {};
  const promise = new Promise<Response>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('PublicProfileToggle', () => {
  it('flips at once, then reverts with a toast when the server refuses', async () => {
    const reply = deferred();
    const fetch = mockFetch({
      'GET /api/auth/csrf-token': () => json({ csrfToken: 't' }),
      'PATCH /api/user/privacy': () => reply.promise,
      'GET /api/auth/user': () => json(testUser),
    });
    const { queryClient } = renderWithProviders(<Harness />, { seed: [[['/api/auth/user'], testUser]] });
    const toggle = screen.getByRole('switch', { name: 'Public Profile' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(screen.getByText('Keep your profile private')).toBeTruthy();

    await userEvent.click(toggle);
    // Optimistic: the cache and the switch change before the server answers.
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
    expect(queryClient.getQueryData<AuthUser>(['/api/auth/user'])?.isPublic).toBe(true);
    expect(screen.getByText('Your profile can be shared publicly')).toBeTruthy();
    // The username form of the address (decision 0203): testUser is 'ada'.
    expect(screen.getByRole('link', { name: /\/profile\/ada$/ })).toBeTruthy();

    reply.resolve(json({ statusCode: 500, error: 'Internal Server Error', message: 'boom' }, 500));
    expect(await screen.findByText('Failed to update privacy settings')).toBeTruthy();
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('false'));
    expect(queryClient.getQueryData<AuthUser>(['/api/auth/user'])?.isPublic).toBe(false);
    expect(screen.getByText('Keep your profile private')).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
    expect(JSON.parse(String(callsTo(fetch, '/api/user/privacy')[0]?.[1]?.body))).toEqual({ isPublic: true });
  });

  it("says 'Privacy updated' and shows the share link once public", async () => {
    const publicUser = { ...testUser, isPublic: true };
    mockFetch({
      'GET /api/auth/csrf-token': () => json({ csrfToken: 't' }),
      'PATCH /api/user/privacy': () => json(publicUser),
      'GET /api/auth/user': () => json(publicUser),
    });
    renderWithProviders(<Harness />, { seed: [[['/api/auth/user'], testUser]] });
    await userEvent.click(screen.getByRole('switch', { name: 'Public Profile' }));
    expect(await screen.findByText('Privacy updated')).toBeTruthy();
    expect(screen.getByText('Your profile is now public')).toBeTruthy();
    const link = screen.getByRole('link', { name: `${window.location.origin}/profile/ada` });
    expect(link.getAttribute('href')).toBe('/profile/ada');
  });

  it('shares the id form of the address when there is no username (decision 0203)', async () => {
    const unnamed = { ...testUser, isPublic: true, username: null };
    renderWithProviders(<Harness />, { seed: [[['/api/auth/user'], unnamed]] });
    const link = screen.getByRole('link', { name: `${window.location.origin}/profile/user-1` });
    expect(link.getAttribute('href')).toBe('/profile/user-1');
  });
});
