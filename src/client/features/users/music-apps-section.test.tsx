import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiKey } from '../../../shared/schemas/api-keys';
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
});
