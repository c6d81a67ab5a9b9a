import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ShareLink } from '../../../shared/schemas/shares';
import { resetCsrfToken } from '../../lib/api-client';
import { json, mockFetch } from '../../test/mock-fetch';
import { renderWithProviders } from '../../test/render';
import { RequestFilesDialog } from './request-files-dialog';
import { bodiesSent, DAY, NOW, shareLink } from './share-fixtures';

// Issue 45, "Request files…" (decision 0736): upload links made and managed from the journal.
const GB = 1024 ** 3;
const uploadLink = (id: number, extra: Partial<ShareLink> = {}) =>
  shareLink(id, {
    kind: 'upload',
    trackId: null,
    itemName: 'mastering engineer',
    recipient: 'mastering engineer',
    maxFiles: 5,
    maxBytes: 2 * GB,
    received: { files: 2, bytes: 40 * 1024 * 1024 },
    ...extra,
  });

let user: UserEvent;
beforeEach(() => {
  resetCsrfToken();
  user = userEvent.setup();
  vi.stubGlobal('CSS', { escape: (s: string) => s.replace(/[^\w-]/g, '\\$&') });
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());

function renderDialog(routes: Parameters<typeof mockFetch>[0] = {}) {
  const fetch = mockFetch({ 'GET /api/auth/csrf-token': () => json({ csrfToken: 't' }), ...routes });
  const view = renderWithProviders(<RequestFilesDialog open onOpenChange={() => {}} />);
  return { ...view, fetch };
}

describe('Request files… dialog', () => {
  it('lists only upload links, with what each received against its caps', async () => {
    renderDialog({
      'GET /api/shares': () =>
        json([uploadLink(3), shareLink(4, { itemName: 'A listen link', kind: 'listen' })]),
    });
    const rows = await screen.findAllByTestId('upload-link');
    expect(rows).toHaveLength(1);
    expect(within(rows[0]!).getByText('mastering engineer')).toBeTruthy();
    expect(within(rows[0]!).getByTestId('upload-link-received').textContent).toBe(
      '2 of 5 files · 40 MB of 2 GB received',
    );
    expect(screen.queryByText('A listen link')).toBeNull();
    const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  });

  it('makes an upload link with its label, caps, expiry and password, and offers it to copy', async () => {
    const created = uploadLink(9, { url: 'https://journal.example/s/NEW', received: { files: 0, bytes: 0 } });
    let list: ShareLink[] = [];
    const { fetch } = renderDialog({
      'GET /api/shares': () => json(list),
      'POST /api/shares': () => {
        list = [created];
        return json(created, 201);
      },
    });
    expect(await screen.findByText('No upload links yet.')).toBeTruthy();
    await user.type(screen.getByLabelText('Who is it for? (optional)'), 'mastering engineer');
    await user.type(screen.getByLabelText('Message on the page (optional)'), 'Stems please');
    await user.clear(screen.getByLabelText('Most files'));
    await user.type(screen.getByLabelText('Most files'), '3');
    await user.clear(screen.getByLabelText('Most in all (GB)'));
    await user.type(screen.getByLabelText('Most in all (GB)'), '0.5');
    await user.click(screen.getByRole('radio', { name: '7 days' }));
    await user.type(screen.getByLabelText('Password (optional)'), 'secret!');
    await user.click(screen.getByRole('button', { name: 'Create upload link' }));

    await waitFor(() => expect(bodiesSent(fetch, 'POST', '/api/shares')).toHaveLength(1));
    expect(bodiesSent(fetch, 'POST', '/api/shares')[0]).toEqual({
      kind: 'upload',
      recipient: 'mastering engineer',
      description: 'Stems please',
      maxFiles: 3,
      maxBytes: 0.5 * GB,
      expiresAt: new Date(NOW.getTime() + 7 * DAY).toISOString(),
      password: 'secret!',
    });
    const field = (await screen.findByLabelText('Your upload link is ready')) as HTMLInputElement;
    expect(field.value).toBe('https://journal.example/s/NEW');
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Copy upload link' })),
    );
    expect(await screen.findAllByTestId('upload-link')).toHaveLength(1);
  });

  it('refuses caps out of range before asking the server', async () => {
    const { fetch } = renderDialog({ 'GET /api/shares': () => json([]) });
    await user.clear(screen.getByLabelText('Most files'));
    await user.type(screen.getByLabelText('Most files'), '0');
    const create = screen.getByRole('button', { name: 'Create upload link' }) as HTMLButtonElement;
    expect(create.disabled).toBe(true);
    expect(screen.getByLabelText('Most files').getAttribute('aria-invalid')).toBe('true');
    expect(bodiesSent(fetch, 'POST', '/api/shares')).toEqual([]);
  });

  it('revokes a link after asking, and it leaves the list', async () => {
    let list = [uploadLink(3)];
    renderDialog({
      'GET /api/shares': () => json(list),
      'DELETE /api/shares/3': () => {
        list = [];
        return new Response(null, { status: 204 });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Revoke upload link' }));
    expect(screen.getByText(/What it received stays in your journal/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(screen.queryAllByTestId('upload-link')).toHaveLength(0));
  });
});
