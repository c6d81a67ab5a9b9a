import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ShareLink } from '../../../shared/schemas/shares';
import { resetCsrfToken } from '../../lib/api-client';
import { callsTo, json, mockFetch } from '../../test/mock-fetch';
import { renderWithProviders } from '../../test/render';
import { ShareDialog } from './share-dialog';
import { bodiesSent, NOW, shareLink } from './share-fixtures';
import type { ShareItem } from './use-share-links';

// Issue 45 in the Share… dialog (decision 0705): a link's kind, recipient and password when making
// it; each link's kind and lock in the list, and the row's editor (recipient, password, commenting).
type Routes = Parameters<typeof mockFetch>[0];
const track: ShareItem = { kind: 'track', id: 5, name: 'Tape Loop', visibility: 'private' };
const rows = () => screen.queryAllByTestId('share-link');

function renderDialog(routes: Routes = {}) {
  const fetch = mockFetch({
    'GET /api/auth/csrf-token': () => json({ csrfToken: 't' }),
    'GET /api/shares': () => json([]),
    ...routes,
  });
  renderWithProviders(<ShareDialog item={track} open onOpenChange={() => {}} />);
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

describe('making a link: kind, recipient, password', () => {
  it('starts as a Listen link; Review says guests comment; sends kind, recipient and password', async () => {
    const made = shareLink(9, { kind: 'review', recipient: 'mastering engineer', hasPassword: true });
    const fetch = renderDialog({ 'POST /api/shares': () => json(made, 201) });
    expect((screen.getByRole('radio', { name: 'Listen' }) as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByRole('radio', { name: 'Review' }));
    expect(screen.getByText('Review: guests can leave timed comments.')).toBeTruthy();
    await user.type(screen.getByLabelText('Who is it for? (optional)'), ' mastering engineer ');
    const password = screen.getByLabelText('Password (optional)') as HTMLInputElement;
    expect(password.type).toBe('password');
    await user.type(password, 'label-copy-42');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password.type).toBe('text');
    await user.click(screen.getByRole('button', { name: 'Create link' }));
    await waitFor(() => expect(bodiesSent(fetch, 'POST', '/api/shares')).toHaveLength(1));
    expect(bodiesSent(fetch, 'POST', '/api/shares')[0]).toMatchObject({
      kind: 'review',
      recipient: 'mastering engineer',
      password: 'label-copy-42',
      trackId: 5,
    });
    // The new link's copy button says the password goes with it; the fields are emptied.
    expect(await screen.findByRole('button', { name: 'Copy new link' })).toBeTruthy();
    expect(password.value).toBe('');
    expect((screen.getByLabelText('Who is it for? (optional)') as HTMLInputElement).value).toBe('');
  });

  it('a password shorter than 4 characters is refused before sending', async () => {
    const fetch = renderDialog();
    await user.type(screen.getByLabelText('Password (optional)'), 'abc');
    await user.click(screen.getByRole('button', { name: 'Create link' }));
    expect(await screen.findByText('A password needs at least 4 characters.')).toBeTruthy();
    expect(screen.getByLabelText('Password (optional)').getAttribute('aria-invalid')).toBe('true');
    expect(bodiesSent(fetch, 'POST', '/api/shares')).toHaveLength(0);
  });
});

describe('the list: kind, lock and the row editor', () => {
  const links: ShareLink[] = [
    shareLink(3, {
      kind: 'review',
      recipient: 'mastering engineer',
      hasPassword: true,
      description: 'old note',
    }),
    shareLink(2, { recipient: 'label' }),
    shareLink(1, { description: 'For Sam' }),
  ];

  /** A server whose PATCH changes the list as the real one would. */
  function editableServer() {
    let list = [...links];
    return renderDialog({
      'GET /api/shares': () => json(list),
      'PATCH /api/shares/3': (init) => {
        const changes = JSON.parse(String(init?.body)) as Record<string, unknown>;
        const current = list.find((l) => l.id === 3)!;
        const next: ShareLink = {
          ...current,
          ...('recipient' in changes ? { recipient: changes.recipient as string | null } : {}),
          ...('password' in changes ? { hasPassword: changes.password !== null } : {}),
          ...('commentsClosed' in changes ? { commentsClosed: changes.commentsClosed as boolean } : {}),
        };
        list = list.map((l) => (l.id === 3 ? next : l));
        return json(next);
      },
    });
  }

  it("shows each link's recipient (else description), kind and lock", async () => {
    renderDialog({ 'GET /api/shares': () => json(links) });
    await waitFor(() => expect(rows()).toHaveLength(3));
    const [engineer, label, sam] = rows().map((r) => r.textContent ?? '');
    expect(engineer).toContain('mastering engineer');
    expect(engineer).toContain('Review');
    expect(engineer).toContain('Password');
    expect(label).toContain('label');
    expect(label).toContain('Listen');
    expect(label).not.toContain('Password');
    expect(sam).toContain('For Sam');
  });

  it('renames the recipient, changes and removes the password, closes and reopens commenting', async () => {
    const fetch = editableServer();
    await waitFor(() => expect(rows()).toHaveLength(3));
    const row = rows()[0] as HTMLElement;
    const edit = within(row).getByRole('button', { name: 'Edit link' });
    await user.click(edit);
    expect(edit.getAttribute('aria-expanded')).toBe('true');
    const name = within(row).getByLabelText('Who is it for?') as HTMLInputElement;
    expect(document.activeElement).toBe(name);
    expect(name.value).toBe('mastering engineer');

    await user.clear(name);
    await user.type(name, 'label A&R');
    await user.click(within(row).getByRole('button', { name: 'Save name' }));
    await waitFor(() => expect(rows()[0]?.textContent).toContain('label A&R'));

    await user.type(within(row).getByLabelText('New password'), 'new-secret');
    await user.click(within(row).getByRole('button', { name: 'Change' }));
    expect(await screen.findByText('Password changed')).toBeTruthy();

    await user.click(within(row).getByRole('button', { name: 'Close commenting' }));
    await waitFor(() => expect(rows()[0]?.textContent).toContain('Comments closed'));
    await user.click(within(row).getByRole('button', { name: 'Reopen commenting' }));
    await waitFor(() => expect(rows()[0]?.textContent).not.toContain('Comments closed'));

    await user.click(within(row).getByRole('button', { name: 'Remove password' }));
    await waitFor(() => expect(within(row).queryByRole('button', { name: 'Remove password' })).toBeNull());
    expect(within(row).getByLabelText('Set a password')).toBeTruthy();

    expect(bodiesSent(fetch, 'PATCH', '/api/shares/3')).toEqual([
      { recipient: 'label A&R' },
      { password: 'new-secret' },
      { commentsClosed: true },
      { commentsClosed: false },
      { password: null },
    ]);
    await user.click(within(row).getByRole('button', { name: 'Done' }));
    expect(document.activeElement).toBe(edit);
    expect(within(row).queryByLabelText('Who is it for?')).toBeNull();
  });

  it('a listen link has no commenting switch; a short new password is refused before sending', async () => {
    const fetch = editableServer();
    await waitFor(() => expect(rows()).toHaveLength(3));
    const row = rows()[1] as HTMLElement;
    await user.click(within(row).getByRole('button', { name: 'Edit link' }));
    expect(within(row).queryByRole('button', { name: /commenting/ })).toBeNull();
    expect(within(row).queryByRole('button', { name: 'Remove password' })).toBeNull();
    await user.type(within(row).getByLabelText('Set a password'), 'ab');
    await user.click(within(row).getByRole('button', { name: 'Set' }));
    expect(await within(row).findByText('A password needs at least 4 characters.')).toBeTruthy();
    expect(callsTo(fetch, '/api/shares/2')).toHaveLength(0);
  });

  it('has no serious axe findings with the editor open', async () => {
    renderDialog({ 'GET /api/shares': () => json(links) });
    await waitFor(() => expect(rows()).toHaveLength(3));
    await user.click(within(rows()[0] as HTMLElement).getByRole('button', { name: 'Edit link' }));
    const results = await axe.run(document.body, {
      resultTypes: ['violations'],
      rules: { 'color-contrast': { enabled: false }, 'label-content-name-mismatch': { enabled: true } },
    });
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => v.id)).toEqual([]);
  });
});
