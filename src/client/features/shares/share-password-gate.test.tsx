import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SharedItem } from '../../../shared/schemas/shares';
import { AppRoutes } from '../../app';
import { resetCsrfToken } from '../../lib/api-client';
import { callsTo, json, mockFetch } from '../../test/mock-fetch';
import { renderWithProviders, testUser } from '../../test/render';
import { bodiesSent } from './share-fixtures';
import { SharedItemPage } from './shared-item-page';

// Issue 45: the /s/{token} page of a password link (decision 0702). The server answers its read 401
// `{ passwordRequired: true }` until POST …/unlock took the right password.
const TOKEN = 'B'.repeat(43);
const API = `/api/shares/by-token/${TOKEN}`;
const UNLOCK = `${API}/unlock`;
const locked = () =>
  json(
    {
      statusCode: 401,
      error: 'Unauthorized',
      message: 'This link asks for a password',
      passwordRequired: true,
    },
    401,
  );
const item: SharedItem = {
  type: 'track',
  description: null,
  expiresAt: null,
  allowDownload: false,
  allowVersions: false,
  owner: { displayName: 'Grace Hopper', username: 'grace', avatarUrl: null },
  track: {
    id: 7,
    name: 'Attic Demo',
    notes: null,
    duration: 125,
    playable: true,
    streamUrl: `${API}/tracks/7/stream`,
    peaksUrl: null,
    downloadUrl: null,
    versionsUrl: null,
    loudnessLufs: null,
    truePeakDb: null,
  },
};

/** A server that opens the item once the right password was sent. */
function server(password: string, refusal?: () => Response) {
  let unlocked = false;
  return mockFetch({
    'GET /api/auth/csrf-token': () => json({ csrfToken: 't' }),
    [`GET ${API}`]: () => (unlocked ? json(item) : locked()),
    [`POST ${UNLOCK}`]: (init) => {
      if (refusal) return refusal();
      if (JSON.parse(String(init?.body)).password !== password) {
        return json(
          {
            statusCode: 401,
            error: 'Unauthorized',
            message: 'That password is not right',
            passwordRequired: true,
          },
          401,
        );
      }
      unlocked = true;
      return json({ success: true });
    },
  });
}

beforeEach(() => resetCsrfToken());

describe('a password link’s page', () => {
  it('asks for the password; a wrong one says so; the right one opens the player', async () => {
    const fetch = server('label-copy-42');
    renderWithProviders(<SharedItemPage token={TOKEN} />, { path: `/s/${TOKEN}` });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This link is protected by a password' }),
    ).toBeTruthy();
    const field = screen.getByLabelText('Password') as HTMLInputElement;
    expect(field.type).toBe('password');
    expect(document.activeElement).toBe(field);
    // Nothing of the item before it is opened.
    expect(screen.queryByText('Attic Demo')).toBeNull();

    await userEvent.type(field, 'guess');
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect((await screen.findByRole('alert')).textContent).toBe('That password is not right');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('button', { name: /Play/ })).toBeNull();

    // Show/Hide lets them check what they typed.
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(field.type).toBe('text');
    expect(screen.getByRole('button', { name: 'Show password' }).getAttribute('aria-pressed')).toBe('true');

    await userEvent.clear(field);
    await userEvent.type(field, 'label-copy-42{Enter}');
    expect(await screen.findByRole('heading', { level: 1, name: 'Attic Demo' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Play Attic Demo' })).toBeTruthy();
    expect(bodiesSent(fetch, 'POST', UNLOCK)).toEqual([{ password: 'guess' }, { password: 'label-copy-42' }]);
    // The unlock carried the CSRF token, as every mutation.
    const init = callsTo(fetch, UNLOCK)[1]?.[1];
    expect((init?.headers as Record<string, string> | undefined)?.['x-csrf-token']).toBe('t');
  });

  it('an empty password is not sent', async () => {
    const fetch = server('x');
    renderWithProviders(<SharedItemPage token={TOKEN} />, { path: `/s/${TOKEN}` });
    await userEvent.click(await screen.findByRole('button', { name: 'Open' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/Enter the password/);
    expect(callsTo(fetch, UNLOCK)).toHaveLength(0);
  });

  it('the lockout says how long to wait', async () => {
    server(
      'x',
      () =>
        new Response(
          JSON.stringify({
            statusCode: 429,
            error: 'Too Many Requests',
            message: 'Too many wrong passwords',
          }),
          { status: 429, headers: { 'Content-Type': 'application/json', 'Retry-After': '42' } },
        ),
    );
    renderWithProviders(<SharedItemPage token={TOKEN} />, { path: `/s/${TOKEN}` });
    await userEvent.type(await screen.findByLabelText('Password'), 'x{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many wrong tries. Wait 42 seconds and try again.',
    );
  });

  it('signed in as someone else, the 401 asks for the password and does not end the session', async () => {
    server('x');
    const { location, queryClient } = renderWithProviders(<AppRoutes />, {
      path: `/s/${TOKEN}`,
      seed: [[['/api/auth/user'], testUser]],
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This link is protected by a password' }),
    ).toBeTruthy();
    // Still signed in, still on the link: no "your session ended" trip to the landing page.
    await new Promise((r) => setTimeout(r, 50));
    expect(location.history).toEqual([`/s/${TOKEN}`]);
    expect(queryClient.getQueryData(['/api/auth/user'])).toEqual(testUser);
  });

  it('has no serious axe findings', async () => {
    server('x');
    renderWithProviders(<SharedItemPage token={TOKEN} />, { path: `/s/${TOKEN}` });
    await screen.findByLabelText('Password');
    const results = await axe.run(document.body, {
      resultTypes: ['violations'],
      rules: { 'color-contrast': { enabled: false } },
    });
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => v.id)).toEqual([]);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Open' })).toBeTruthy());
  });
});
