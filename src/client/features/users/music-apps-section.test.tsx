import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiKey } from '../../../shared/schemas/api-keys';
import { USERNAME_LOOKS_LIKE_ID_MESSAGE } from '../../../shared/schemas/users';
import { resetCsrfToken } from '../../lib/api-client';
import { callsTo, json, mockFetch } from '../../test/mock-fetch';
import { renderWithProviders, testUser } from '../../test/render';
import { MusicAppsSection } from './music-apps-section';

const csrf = { 'GET /api/auth/csrf-token': () => json({ csrfToken: 't' }) };
const existing: ApiKey[] = [
  { id: 1, name: 'Old phone', kind: 'api-key', createdAt: '2026-01-02T10:00:00.000Z', lastUsedAt: null },
  {
    id: 2,
    name: 'Car',
    kind: 'app-password',
    createdAt: '2026-02-03T10:00:00.000Z',
    lastUsedAt: '2026-03-04T10:00:00.000Z',
  },
];

let user: UserEvent;
beforeEach(() => {
  resetCsrfToken();
  // Its clipboard stands in for the browser's, so the tests can read what was copied.
  user = userEvent.setup();
  // user-event looks up a radio group with CSS.escape, which jsdom lacks.
  vi.stubGlobal('CSS', { escape: (s: string) => s.replace(/[^\w-]/g, '\\$&') });
});

const list = () => screen.getByRole('list', { name: 'Your keys and app passwords' });

describe('MusicAppsSection', () => {
  it('lists keys without secrets, with the address and the username an app asks for', async () => {
    mockFetch({ ...csrf, 'GET /api/user/api-keys': () => json(existing) });
    renderWithProviders(<MusicAppsSection user={testUser} />, { path: '/profile' });
    await waitFor(() => expect(within(list()).getAllByRole('listitem')).toHaveLength(2));
    expect(within(list()).getByText('API key · created January 02, 2026 · never used')).toBeTruthy();
    expect(within(list()).getByText(/App password · created .* · last used March 04, 2026/)).toBeTruthy();
    expect(screen.getByText(window.location.origin)).toBeTruthy();
    expect(screen.getByText('ada')).toBeTruthy();
  });

  it('creates an app password and shows it once, with Copy; Done hides it for good', async () => {
    let keys: ApiKey[] = [];
    const fetch = mockFetch({
      ...csrf,
      'GET /api/user/api-keys': () => json(keys),
      'POST /api/user/api-keys': () => {
        keys = [
          {
            id: 7,
            name: 'DSub',
            kind: 'app-password',
            createdAt: '2026-05-01T00:00:00.000Z',
            lastUsedAt: null,
          },
        ];
        return json({ id: 7, name: 'DSub', key: 'abcdef-ghijkm-npqrst-uvwxyz' }, 201);
      },
    });
    renderWithProviders(<MusicAppsSection user={testUser} />, { path: '/profile' });
    expect(await screen.findByText('No keys or app passwords yet.')).toBeTruthy();
    await user.type(screen.getByLabelText('Name'), '  DSub ');
    await user.click(screen.getByRole('radio', { name: 'App password' }));
    await user.click(screen.getByRole('button', { name: 'Create' }));

    const shown = await screen.findByRole('status');
    expect(within(shown).getByText('abcdef-ghijkm-npqrst-uvwxyz')).toBeTruthy();
    expect(within(shown).getByText(/it will not be shown again/)).toBeTruthy();
    const [, init] = callsTo(fetch, '/api/user/api-keys').find(([, i]) => i?.method === 'POST')!;
    expect(JSON.parse(String(init?.body))).toEqual({ name: 'DSub', kind: 'app-password' });

    await user.click(within(shown).getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe('abcdef-ghijkm-npqrst-uvwxyz');
    await waitFor(() => expect(within(list()).getByText('DSub')).toBeTruthy());

    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    expect(screen.queryByText('abcdef-ghijkm-npqrst-uvwxyz')).toBeNull();
  });

  it('sends only the name for an API key (the issue’s shape)', async () => {
    const fetch = mockFetch({
      ...csrf,
      'GET /api/user/api-keys': () => json([]),
      'POST /api/user/api-keys': () => json({ id: 8, name: 'Feishin', key: 'jnl_x' }, 201),
    });
    renderWithProviders(<MusicAppsSection user={testUser} />, { path: '/profile' });
    await user.type(screen.getByLabelText('Name'), 'Feishin');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('jnl_x')).toBeTruthy();
    const [, init] = callsTo(fetch, '/api/user/api-keys').find(([, i]) => i?.method === 'POST')!;
    expect(JSON.parse(String(init?.body))).toEqual({ name: 'Feishin' });
  });

  it('revokes after asking once more; Cancel keeps it', async () => {
    const fetch = mockFetch({
      ...csrf,
      'GET /api/user/api-keys': () => json(existing),
      'DELETE /api/user/api-keys/1': () => new Response(null, { status: 204 }),
    });
    renderWithProviders(<MusicAppsSection user={testUser} />, { path: '/profile' });
    await user.click(await screen.findByRole('button', { name: 'Revoke Old phone' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(callsTo(fetch, '/api/user/api-keys/1')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Revoke Old phone' }));
    await user.click(screen.getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(within(list()).queryByText('Old phone')).toBeNull());
    expect(callsTo(fetch, '/api/user/api-keys/1')[0]?.[1]?.method).toBe('DELETE');
  });

  describe('without a username (decision 0803)', () => {
    const nameless = { ...testUser, id: 'u_abcdefghijklmnop', username: null };

    it('asks for one, never offers the user id, and makes no app password until it is saved', async () => {
      let saved: unknown;
      const fetch = mockFetch({
        ...csrf,
        'GET /api/user/api-keys': () => json([]),
        'PATCH /api/user/profile': (init) => {
          saved = JSON.parse(String(init?.body));
          return json({ ...nameless, username: 'ada.l' });
        },
        'POST /api/user/api-keys': () => json({ id: 9, name: 'DSub', key: 'pass-word-here' }, 201),
      });
      renderWithProviders(<MusicAppsSection user={nameless} />, { path: '/profile' });
      const prompt = await screen.findByRole('form', { name: 'Choose a username' });
      expect(screen.queryByText(/u_abcdefghijklmnop/)).toBeNull();
      expect(screen.getByText(window.location.origin)).toBeTruthy();

      await user.type(screen.getByLabelText('Name'), 'DSub');
      await user.click(screen.getByRole('radio', { name: 'App password' }));
      expect(screen.getByRole('button', { name: 'Create' }).hasAttribute('disabled')).toBe(true);
      expect(screen.getByText('Choose a username above to make an app password.')).toBeTruthy();

      await user.type(within(prompt).getByLabelText(/Choose a username/), ' ada.l ');
      await user.click(within(prompt).getByRole('button', { name: 'Save username' }));
      await waitFor(() => expect(screen.queryByRole('form', { name: 'Choose a username' })).toBeNull());
      expect(saved).toEqual({ username: 'ada.l' });
      expect(screen.getByText('ada.l')).toBeTruthy();

      await user.click(screen.getByRole('button', { name: 'Create' }));
      expect(await screen.findByText('pass-word-here')).toBeTruthy();
      const [, init] = callsTo(fetch, '/api/user/api-keys').find(([, i]) => i?.method === 'POST')!;
      expect(JSON.parse(String(init?.body))).toEqual({ name: 'DSub', kind: 'app-password' });
    });

    it("the profile's rules: a name like a user id is refused here, a taken one by the server", async () => {
      const fetch = mockFetch({
        ...csrf,
        'GET /api/user/api-keys': () => json([]),
        'PATCH /api/user/profile': () =>
          json({ user: nameless, fieldErrors: { username: 'That username is already taken' } }, 422),
      });
      renderWithProviders(<MusicAppsSection user={nameless} />, { path: '/profile' });
      const prompt = await screen.findByRole('form', { name: 'Choose a username' });
      const field = within(prompt).getByLabelText(/Choose a username/);
      await user.type(field, 'u_abcdefghijklmnop');
      await user.click(within(prompt).getByRole('button', { name: 'Save username' }));
      expect((await within(prompt).findByRole('alert')).textContent).toBe(USERNAME_LOOKS_LIKE_ID_MESSAGE);
      expect(callsTo(fetch, '/api/user/profile')).toHaveLength(0);

      await user.clear(field);
      await user.type(field, 'taken');
      await user.click(within(prompt).getByRole('button', { name: 'Save username' }));
      await waitFor(() =>
        expect(within(prompt).getByRole('alert').textContent).toBe('That username is already taken'),
      );
      expect(screen.getByRole('form', { name: 'Choose a username' })).toBeTruthy();
    });
  });

  it('a person with a username can make an API key without any prompt', async () => {
    mockFetch({ ...csrf, 'GET /api/user/api-keys': () => json([]) });
    renderWithProviders(<MusicAppsSection user={testUser} />, { path: '/profile' });
    expect(await screen.findByText('No keys or app passwords yet.')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Choose a username' })).toBeNull();
    expect(screen.getByText('ada')).toBeTruthy();
  });
});
