import { screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetCsrfToken } from '../../lib/api-client';
import { json, mockFetch } from '../../test/mock-fetch';
import { renderWithProviders } from '../../test/render';
import { ShareDialog } from './share-dialog';
import { bodiesSent, NOW, shareLink } from './share-fixtures';
import type { ShareItem } from './use-share-links';

// A track's link that lets its people compare the versions (issue 43, decision 0623).
type Routes = Parameters<typeof mockFetch>[0];
const track: ShareItem = { kind: 'track', id: 5, name: 'Tape Loop', visibility: 'private' };
const playlist: ShareItem = { kind: 'playlist', id: 9, name: 'Night Drive', isPublic: false };
const versionsBox = () => screen.queryByRole('checkbox', { name: /Let them compare versions/ });
const rows = () => screen.queryAllByTestId('share-link');

function renderDialog(item: ShareItem, routes: Routes = {}) {
  const fetch = mockFetch({
    'GET /api/auth/csrf-token': () => json({ csrfToken: 't' }),
    'GET /api/shares': () => json([]),
    ...routes,
  });
  renderWithProviders(<ShareDialog item={item} open onOpenChange={() => {}} />);
  return fetch;
}

let user: UserEvent;
beforeEach(() => {
  resetCsrfToken();
  user = userEvent.setup();
  vi.stubGlobal('CSS', { escape: (s: string) => s.replace(/[^\w-]/g, '\\$&') });
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());

describe('Share… dialog: versions', () => {
  it('a track\'s form offers "Let them compare versions", unticked; ticked, the link allows them', async () => {
    const made = shareLink(11, { allowVersions: true });
    let list: unknown[] = [];
    const fetch = renderDialog(track, {
      // As the server: the list read again after the POST holds the new link.
      'GET /api/shares': () => json(list),
      'POST /api/shares': () => {
        list = [made];
        return json(made, 201);
      },
    });
    const box = versionsBox();
    expect(box?.getAttribute('aria-checked')).toBe('false');
    await user.click(box!);
    expect(box?.getAttribute('aria-checked')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Create link' }));
    await waitFor(() => expect(bodiesSent(fetch, 'POST', '/api/shares')).toHaveLength(1));
    expect(bodiesSent(fetch, 'POST', '/api/shares')[0]).toMatchObject({ trackId: 5, allowVersions: true });
    // The new link heads the list with its mark.
    await waitFor(() => expect(rows()[0]?.textContent).toContain('Versions'));
  });

  it('left unticked, the link is made without versions', async () => {
    const fetch = renderDialog(track, { 'POST /api/shares': () => json(shareLink(12), 201) });
    await user.click(screen.getByRole('button', { name: 'Create link' }));
    await waitFor(() => expect(bodiesSent(fetch, 'POST', '/api/shares')).toHaveLength(1));
    expect(bodiesSent(fetch, 'POST', '/api/shares')[0]).not.toHaveProperty('allowVersions');
  });

  it("a playlist's form has no such box (its link opens no versions)", async () => {
    renderDialog(playlist);
    expect(await screen.findByRole('checkbox', { name: /Allow download/ })).toBeTruthy();
    expect(versionsBox()).toBeNull();
  });

  it('marks the links that allow versions in the list, and only those', async () => {
    renderDialog(track, {
      'GET /api/shares': () =>
        json([shareLink(3, { allowVersions: true, description: 'For Sam' }), shareLink(2)]),
    });
    await waitFor(() => expect(rows()).toHaveLength(2));
    const [allowing, plain] = rows().map((row) => row.textContent ?? '');
    expect(allowing).toContain('Versions');
    expect(plain).not.toContain('Versions');
  });
});
