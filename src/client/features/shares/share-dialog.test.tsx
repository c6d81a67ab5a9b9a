import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import axe from 'axe-core';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ShareLink } from '../../../shared/schemas/shares';
import { resetCsrfToken } from '../../lib/api-client';
import { callsTo, json, mockFetch } from '../../test/mock-fetch';
import { renderWithProviders } from '../../test/render';
import { ShareDialog } from './share-dialog';
import { bodiesSent, DAY, NOW, shareLink } from './share-fixtures';
import type { ShareItem } from './use-share-links';

type Routes = Parameters<typeof mockFetch>[0];
const csrf = { 'GET /api/auth/csrf-token': () => json({ csrfToken: 't' }) };
const publicTrack: ShareItem = { kind: 'track', id: 5, name: 'Tape Loop', visibility: 'public' };
const privateTrack: ShareItem = { ...publicTrack, visibility: 'private' };

function renderDialog(item: ShareItem, routes: Routes = {}) {
  const fetch = mockFetch({ ...csrf, 'GET /api/shares': () => json([]), ...routes });
  const view = renderWithProviders(<ShareDialog item={item} open onOpenChange={() => {}} />);
  return { ...view, fetch };
}

const rows = () => screen.queryAllByTestId('share-link');

/** A list the routes below change as the server would: a POST adds, a DELETE takes away. */
function serverList(initial: ShareLink[], created?: ShareLink): Routes {
  let list = [...initial];
  return {
    'GET /api/shares': () => json(list),
    'POST /api/shares': () => {
      if (created) list = [created, ...list];
      return json(created, 201);
    },
  };
}

let user: UserEvent;
beforeEach(() => {
  resetCsrfToken();
  // Its clipboard stands in for the browser's, so the tests can read what was copied.
  user = userEvent.setup();
  // user-event looks up a radio group with CSS.escape, which jsdom lacks.
  vi.stubGlobal('CSS', { escape: (s: string) => s.replace(/[^\w-]/g, '\\$&') });
  // Only Date: timers stay real, for userEvent and the query client.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());

describe('Share… dialog: public link', () => {
  it("offers a public track's page to copy, and copies it", async () => {
    renderDialog(publicTrack);
    const field = screen.getByRole('textbox', { name: /This track is public/ }) as HTMLInputElement;
    expect(field.value).toBe(`${window.location.origin}/track/5`);
    expect(field.readOnly).toBe(true);
    // The focus starts on the likeliest action.
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Copy public link' })),
    );
    await user.click(screen.getByRole('button', { name: 'Copy public link' }));
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/track/5`);
    expect(await screen.findByText('Link copied')).toBeTruthy();
  });

  it('says a private track opens only for its people, and makes it public with the existing PATCH', async () => {
    const { fetch } = renderDialog(privateTrack, {
      'PATCH /api/tracks/5': () => json({ id: 5, name: 'Tape Loop', visibility: 'public' }),
    });
    expect(screen.queryByRole('button', { name: 'Copy public link' })).toBeNull();
    expect(
      screen.getByText(/Only you \(and the collectives it is shared with\) can open this track/),
    ).toBeTruthy();
    // The focus starts on Create link, not on Make track public, where Enter would change the track.
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Create link' })),
    );
    await user.click(screen.getByRole('button', { name: 'Make track public' }));
    expect(bodiesSent(fetch, 'PATCH', '/api/tracks/5')).toEqual([{ visibility: 'public' }]);
    const field = (await screen.findByRole('textbox', { name: /This track is public/ })) as HTMLInputElement;
    expect(field.value).toBe(`${window.location.origin}/track/5`);
    // The pressed button is gone: the focus is on what took its place, not lost to the page.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Copy public link' }));
  });

  it('follows the track turning public elsewhere (the lists change optimistically), focus included', async () => {
    let goPublic = () => {};
    function FromTheList() {
      const [item, setItem] = useState(privateTrack);
      goPublic = () => setItem(publicTrack);
      return <ShareDialog item={item} open onOpenChange={() => {}} />;
    }
    mockFetch({ ...csrf, 'GET /api/shares': () => json([]) });
    renderWithProviders(<FromTheList />);
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Create link' })),
    );
    act(() => goPublic());
    const copy = await screen.findByRole('button', { name: 'Copy public link' });
    expect(document.activeElement).toBe(copy);
    expect(screen.queryByRole('button', { name: 'Make track public' })).toBeNull();
  });

  it("offers a public playlist's page", () => {
    renderDialog({ kind: 'playlist', id: 9, name: 'Night Drive', isPublic: true });
    const field = screen.getByRole('textbox', { name: /This playlist is public/ }) as HTMLInputElement;
    expect(field.value).toBe(`${window.location.origin}/playlist/9`);
  });

  it("a private playlist says so, and makes it public with the header switch's PATCH", async () => {
    const { fetch } = renderDialog(
      { kind: 'playlist', id: 9, name: 'Night Drive', isPublic: false },
      { 'PATCH /api/playlists/9': () => json({ id: 9, name: 'Night Drive', isPublic: true }) },
    );
    expect(screen.queryByRole('button', { name: 'Copy public link' })).toBeNull();
    expect(
      screen.getByText(/Only you \(and the collectives it is shared with\) can open this playlist/),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Make playlist public' }));
    expect(bodiesSent(fetch, 'PATCH', '/api/playlists/9')).toEqual([{ isPublic: true }]);
    const field = (await screen.findByRole('textbox', {
      name: /This playlist is public/,
    })) as HTMLInputElement;
    expect(field.value).toBe(`${window.location.origin}/playlist/9`);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Copy public link' }));
  });
});

describe('Share… dialog: creating a private link', () => {
  const created = shareLink(11, { url: 'https://journal.example/s/NEW' });

  it.each([
    ['1 day', 1],
    ['7 days', 7],
    ['30 days', 30],
  ])('with "%s" sends an expiry that far from now', async (label, days) => {
    const { fetch } = renderDialog(publicTrack, { 'POST /api/shares': () => json(created, 201) });
    await user.click(screen.getByRole('radio', { name: label }));
    await user.click(screen.getByRole('button', { name: 'Create link' }));
    await waitFor(() => expect(bodiesSent(fetch, 'POST', '/api/shares')).toHaveLength(1));
    const [body] = bodiesSent(fetch, 'POST', '/api/shares');
    expect(body).toEqual({
      trackId: 5,
      expiresAt: new Date(NOW.getTime() + days * DAY).toISOString(),
      allowDownload: false,
      description: null,
    });
  });

  it('starts at 7 days; "Never" sends no expiry; a playlist sends its playlistId', async () => {
    const { fetch } = renderDialog(
      { kind: 'playlist', id: 9, name: 'Night Drive', isPublic: false },
      { 'POST /api/shares': () => json({ ...created, trackId: null, playlistId: 9 }, 201) },
    );
    expect((screen.getByRole('radio', { name: '7 days' }) as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByRole('radio', { name: 'Never' }));
    await user.click(screen.getByRole('button', { name: 'Create link' }));
    await waitFor(() => expect(bodiesSent(fetch, 'POST', '/api/shares')).toHaveLength(1));
    expect(bodiesSent(fetch, 'POST', '/api/shares')[0]).toMatchObject({ playlistId: 9, expiresAt: null });
  });

  it('sends Allow download and the description, says "Creating...", then shows the new link ready to copy', async () => {
    const made = { ...created, allowDownload: true, description: 'For Sam' };
    const server = serverList([], made);
    let release: () => void = () => {};
    const { fetch } = renderDialog(publicTrack, {
      ...server,
      'POST /api/shares': (init, url) =>
        new Promise<Response>((resolve) => {
          release = () => resolve(server['POST /api/shares']?.(init, url) as Response);
        }),
    });
    await user.click(screen.getByRole('checkbox', { name: /Allow download/ }));
    await user.type(screen.getByLabelText('Description (optional)'), '  For Sam  ');
    await user.click(screen.getByRole('button', { name: 'Create link' }));
    const pending = await screen.findByRole('button', { name: 'Creating...' });
    expect(pending.hasAttribute('disabled')).toBe(true);
    expect(bodiesSent(fetch, 'POST', '/api/shares')[0]).toMatchObject({
      allowDownload: true,
      description: 'For Sam',
    });
    release();

    const copy = await screen.findByRole('button', { name: 'Copy new link' });
    expect(document.activeElement).toBe(copy);
    const field = screen.getByRole('textbox', { name: /Your new link is ready/ }) as HTMLInputElement;
    expect(field.value).toBe('https://journal.example/s/NEW');
    expect((screen.getByLabelText('Description (optional)') as HTMLInputElement).value).toBe('');
    // It heads the list too, without waiting for the list to be read again.
    expect(rows()[0]?.textContent).toContain('For Sam');
    await user.click(copy);
    expect(await navigator.clipboard.readText()).toBe('https://journal.example/s/NEW');
  });

  it("shows the server's message when creating fails", async () => {
    renderDialog(publicTrack, {
      'POST /api/shares': () =>
        json({ statusCode: 400, error: 'Bad Request', message: 'The expiry must be in the future' }, 400),
    });
    await user.click(screen.getByRole('button', { name: 'Create link' }));
    expect(await screen.findByText('Could not create the link')).toBeTruthy();
    expect(screen.getByText('The expiry must be in the future')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Copy new link' })).toBeNull();
  });
});

describe('Share… dialog: the list of private links', () => {
  const links = [
    shareLink(3, { description: 'For Sam', visits: 3, allowDownload: true }),
    shareLink(2, { expiresAt: null, visits: 1 }),
    shareLink(1, { expiresAt: new Date(NOW.getTime() - DAY).toISOString(), expired: true }),
  ];

  it('asks for the links of this item and shows expiry, download and visits of each', async () => {
    const { fetch } = renderDialog(publicTrack, { 'GET /api/shares': () => json(links) });
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(String(callsTo(fetch, '/api/shares')[0]?.[0])).toBe('/api/shares?trackId=5');
    const [first, second, third] = rows().map((row) => row.textContent ?? '');
    expect(first).toContain('For Sam');
    expect(first).toContain('Expires in 6 days');
    expect(first).toContain('Download allowed');
    expect(first).toContain('3 visits');
    expect(second).toContain('Never expires');
    expect(second).toContain('No download');
    expect(second).toContain('1 visit');
    expect(third).toContain('Expired');
    // An expired link cannot be copied, only revoked.
    expect(within(rows()[2] as HTMLElement).queryByRole('button', { name: 'Copy link' })).toBeNull();
    expect(within(rows()[2] as HTMLElement).getByRole('button', { name: 'Revoke link' })).toBeTruthy();
  });

  it('says when there are none', async () => {
    renderDialog(publicTrack);
    expect(await screen.findByText('No private links yet.')).toBeTruthy();
  });

  it("copies a row's link", async () => {
    renderDialog(publicTrack, { 'GET /api/shares': () => json(links) });
    await waitFor(() => expect(rows()).toHaveLength(3));
    await user.click(within(rows()[1] as HTMLElement).getByRole('button', { name: 'Copy link' }));
    expect(await navigator.clipboard.readText()).toBe(links[1]?.url);
  });

  it('revokes after a confirmation in the row: DELETE, a toast, and the row is gone', async () => {
    let list = links;
    const { fetch } = renderDialog(publicTrack, {
      'GET /api/shares': () => json(list),
      'DELETE /api/shares/3': () => {
        list = links.filter((l) => l.id !== 3);
        return new Response(null, { status: 204 });
      },
    });
    await waitFor(() => expect(rows()).toHaveLength(3));
    const row = rows()[0] as HTMLElement;
    await user.click(within(row).getByRole('button', { name: 'Revoke link' }));
    // Cancel first: nothing is sent and the Revoke button is back, with the focus.
    await user.click(within(row).getByRole('button', { name: 'Cancel' }));
    expect(document.activeElement).toBe(within(row).getByRole('button', { name: 'Revoke link' }));
    expect(callsTo(fetch, '/api/shares/3')).toHaveLength(0);

    await user.click(within(row).getByRole('button', { name: 'Revoke link' }));
    expect(within(row).getByRole('group', { name: /^Revoke this link\?/ })).toBeTruthy();
    await user.click(within(row).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(callsTo(fetch, '/api/shares/3').map(([, init]) => init?.method)).toEqual(['DELETE']);
    expect(await screen.findByText('Link revoked')).toBeTruthy();
    expect(screen.queryByText('For Sam')).toBeNull();
  });

  it("keeps the row and shows the server's message when revoking fails", async () => {
    renderDialog(publicTrack, {
      'GET /api/shares': () => json(links),
      'DELETE /api/shares/3': () =>
        json({ statusCode: 404, error: 'Not Found', message: 'Share link not found' }, 404),
    });
    await waitFor(() => expect(rows()).toHaveLength(3));
    const row = rows()[0] as HTMLElement;
    await user.click(within(row).getByRole('button', { name: 'Revoke link' }));
    await user.click(within(row).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('Could not revoke the link')).toBeTruthy();
    expect(screen.getByText('Share link not found')).toBeTruthy();
  });

  it('is keyboard operable and has no serious axe findings', async () => {
    renderDialog(privateTrack, { 'GET /api/shares': () => json(links) });
    await waitFor(() => expect(rows()).toHaveLength(3));
    // The expiry pills are radio buttons: arrow keys move the choice.
    screen.getByRole('radio', { name: '7 days' }).focus();
    await user.keyboard('{ArrowRight}');
    expect((screen.getByRole('radio', { name: '30 days' }) as HTMLInputElement).checked).toBe(true);
    const results = await axe.run(document.body, {
      resultTypes: ['violations'],
      rules: { 'color-contrast': { enabled: false }, 'label-content-name-mismatch': { enabled: true } },
    });
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => v.id)).toEqual([]);
  });
});
