import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { COLLECTIVES_QUERY_KEY, collectiveKey } from '../../entities/collective/use-collectives';
import { resetCsrfToken } from '../../lib/api-client';
import { callsTo, json, mockFetch } from '../../test/mock-fetch';
import { renderWithProviders, testUser } from '../../test/render';
import { collective, listed } from './collective-fixtures';
import { CollectiveSettingsPage } from './settings-page';

const csrf = { 'GET /api/auth/csrf-token': () => json({ csrfToken: 't' }) };
const owned = collective(3, 'Night Owls', { description: 'Late listening' });

beforeEach(() => resetCsrfToken());

describe('Collective settings', () => {
  it('keeps non-owners out, admins included', () => {
    renderWithProviders(<CollectiveSettingsPage collectiveId={3} user={testUser} />, {
      seed: [[collectiveKey(3), collective(3, 'Night Owls', { ownerId: 'someone-else', role: 'admin' })]],
    });
    expect(screen.getByText("You don't have permission to access these settings")).toBeTruthy();
    expect(screen.queryByLabelText('Name')).toBeNull();
  });

  it('shows the owner avatar upload, Name, About, Save, the roles and the delete section', () => {
    renderWithProviders(<CollectiveSettingsPage collectiveId={3} user={testUser} />, {
      seed: [[collectiveKey(3), owned]],
    });
    expect(screen.getByRole('heading', { name: 'Collective Settings' })).toBeTruthy();
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Night Owls');
    expect((screen.getByLabelText('About') as HTMLTextAreaElement).value).toBe('Late listening');
    expect(screen.getByRole('button', { name: 'Upload avatar' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Permissions & Roles' }).textContent).toContain('Admins');
    expect(screen.getByRole('region', { name: 'Delete this collective' })).toBeTruthy();
    expect(screen.queryByText('Coming Soon')).toBeNull();
    expect(screen.queryByText("You don't have permission to access these settings")).toBeNull();
  });

  it('deletes the collective after a confirmation naming it, and goes back to the journal', async () => {
    const fetch = mockFetch({
      ...csrf,
      'DELETE /api/collectives/3': () => json({ success: true }),
      'GET /api/collectives': () => json([]),
    });
    const { queryClient, location } = renderWithProviders(
      <CollectiveSettingsPage collectiveId={3} user={testUser} />,
      {
        path: '/collective/3/settings',
        seed: [
          [collectiveKey(3), owned],
          [COLLECTIVES_QUERY_KEY, [listed(3, 'Night Owls')]],
        ],
      },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Delete Collective' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Night Owls?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete Collective' }));
    expect(await screen.findByText('Night Owls has been deleted')).toBeTruthy();
    expect(callsTo(fetch, '/api/collectives/3')[0]?.[1]?.method).toBe('DELETE');
    expect(location.history?.at(-1)).toBe('/');
    expect(queryClient.getQueryData(COLLECTIVES_QUERY_KEY)).toEqual([]);
  });

  it('saves name and about, updating the rail, and says so', async () => {
    const fetch = mockFetch({
      ...csrf,
      'PATCH /api/collectives/3': () => json({ ...listed(3, 'Night Hawks'), description: null }),
      'GET /api/collectives': () => json([listed(3, 'Night Hawks')]),
    });
    const { queryClient } = renderWithProviders(<CollectiveSettingsPage collectiveId={3} user={testUser} />, {
      seed: [
        [collectiveKey(3), owned],
        [COLLECTIVES_QUERY_KEY, [listed(3, 'Night Owls')]],
      ],
    });
    await userEvent.clear(screen.getByLabelText('Name'));
    await userEvent.type(screen.getByLabelText('Name'), ' Night Hawks ');
    await userEvent.clear(screen.getByLabelText('About'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Collective updated successfully!')).toBeTruthy();
    const [, init] = callsTo(fetch, '/api/collectives/3')[0] ?? [];
    expect(init?.method).toBe('PATCH');
    expect(init?.body).toBe(JSON.stringify({ name: 'Night Hawks', description: null }));
    expect(queryClient.getQueryData<{ name: string }>(collectiveKey(3))?.name).toBe('Night Hawks');
    await waitFor(() =>
      expect(queryClient.getQueryData<Array<{ name: string }>>(COLLECTIVES_QUERY_KEY)?.[0]?.name).toBe(
        'Night Hawks',
      ),
    );
  });

  it('validates the name and says when saving fails', async () => {
    mockFetch({ ...csrf, 'PATCH /api/collectives/3': () => json({ message: 'nope' }, 500) });
    renderWithProviders(<CollectiveSettingsPage collectiveId={3} user={testUser} />, {
      seed: [[collectiveKey(3), owned]],
    });
    await userEvent.clear(screen.getByLabelText('Name'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name is required')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Name'), 'Owls');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to update collective')).toBeTruthy();
  });
});
