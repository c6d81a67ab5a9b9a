import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_DELETION_REFUSED } from '../../../shared/schemas/account';
import { AUTH_USER_QUERY_KEY } from '../../entities/user/use-auth';
import { resetCsrfToken } from '../../lib/api-client';
import { callsTo, json, mockFetch, never } from '../../test/mock-fetch';
import { renderWithProviders, testUser } from '../../test/render';
import { DeleteAccountSection } from './delete-account-section';

const csrf = { 'GET /api/auth/csrf-token': () => json({ csrfToken: 't' }) };
beforeEach(() => resetCsrfToken());

async function openDialog(user = testUser) {
  const rendered = renderWithProviders(<DeleteAccountSection user={user} />, {
    path: '/profile',
    seed: [[AUTH_USER_QUERY_KEY, user]],
  });
  await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
  const dialog = await screen.findByRole('alertdialog', { name: 'Delete your account?' });
  return { ...rendered, dialog, field: within(dialog).getByLabelText(/To confirm, type/) };
}
const deleteButton = (dialog: HTMLElement) =>
  within(dialog).getByRole('button', { name: 'Delete my account' });

describe('DeleteAccountSection', () => {
  it('says what goes, what happens to collectives and comments, and suggests a download first', async () => {
    mockFetch(csrf);
    const { dialog } = await openDialog();
    const text = dialog.textContent ?? '';
    expect(text).toContain('tracks with every version and file');
    expect(text).toContain('the comments you wrote');
    expect(text).toContain("other people's replies to them stay");
    expect(text).toContain('Collectives you own pass to their longest-standing admin');
    expect(text).toContain('deleted with its content');
    expect(text).toContain('Download my data');
  });

  it('stays off until the username (any case) or "delete" is typed; then deletes, goes home, says so', async () => {
    const fetch = mockFetch({ ...csrf, 'DELETE /api/user': () => new Response(null, { status: 204 }) });
    const { dialog, field, location, queryClient } = await openDialog();
    // A destructive dialog opens on Cancel (Radix AlertDialog); the field is one Tab back.
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(deleteButton(dialog).hasAttribute('disabled')).toBe(true);
    await userEvent.type(field, 'ad');
    expect(deleteButton(dialog).hasAttribute('disabled')).toBe(true);
    await userEvent.type(field, 'A');
    expect(deleteButton(dialog).hasAttribute('disabled')).toBe(false);
    await userEvent.click(deleteButton(dialog));

    await waitFor(() => expect(location.history.at(-1)).toBe('/'));
    const [call] = callsTo(fetch, '/api/user');
    expect(call?.[1]?.method).toBe('DELETE');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ confirm: 'adA' });
    expect(queryClient.getQueryData(AUTH_USER_QUERY_KEY)).toBeNull();
    expect(await screen.findByText('Your account was deleted')).toBeTruthy();
  });

  it('asks only for "delete" when there is no username, and shows a refusal in the dialog', async () => {
    mockFetch({
      ...csrf,
      'DELETE /api/user': () =>
        json({ statusCode: 400, error: 'Bad Request', message: ACCOUNT_DELETION_REFUSED }, 400),
    });
    const { dialog, field, location } = await openDialog({ ...testUser, username: null });
    expect(within(dialog).getByText(/To confirm, type/).textContent).toBe('To confirm, type “delete”');
    await userEvent.type(field, 'ada');
    expect(deleteButton(dialog).hasAttribute('disabled')).toBe(true);
    await userEvent.clear(field);
    await userEvent.type(field, 'Delete{Enter}');
    expect((await within(dialog).findByRole('alert')).textContent).toBe(ACCOUNT_DELETION_REFUSED);
    expect(location.history.at(-1)).toBe('/profile');
  });

  it('Cancel closes without asking the server; the field starts empty again', async () => {
    const fetch = mockFetch({ ...csrf, 'DELETE /api/user': never });
    const { dialog, field } = await openDialog();
    await userEvent.type(field, 'delete');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(callsTo(fetch, '/api/user')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    const again = await screen.findByRole('alertdialog');
    expect((within(again).getByLabelText(/To confirm, type/) as HTMLInputElement).value).toBe('');
  });
});
