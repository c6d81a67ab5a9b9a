import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { EquipmentEdit, EquipmentHistory } from '../../../shared/schemas/moderation';
import type { EquipmentDetail } from '../../../shared/schemas/tracks';
import { resetCsrfToken } from '../../lib/api-client';
import { callsTo, json, mockFetch } from '../../test/mock-fetch';
import { renderWithProviders } from '../../test/render';
import { EquipmentHistorySection } from './equipment-history';

beforeEach(() => resetCsrfToken());

const grace = {
  id: 'u2',
  username: 'grace',
  firstName: 'Grace',
  lastName: 'Hopper',
  avatarUrl: null,
  updatedAt: '2024-05-01T00:00:00.000Z',
};
const edits: EquipmentEdit[] = [
  {
    id: 3,
    equipmentId: 7,
    user: null,
    changes: { image: { before: 'picture', after: 'new picture' } },
    revertOfId: null,
    createdAt: '2024-05-03T10:00:00.000Z',
  },
  {
    id: 2,
    equipmentId: 7,
    user: grace,
    changes: {
      name: { before: 'Juno 106', after: 'Juno-106' },
      description: { before: null, after: 'Six voices' },
    },
    revertOfId: null,
    createdAt: '2024-05-02T10:00:00.000Z',
  },
];
const detail: EquipmentDetail = {
  id: 7,
  name: 'Juno 106',
  description: null,
  imageUrl: null,
  category: 'Hardware Synth',
  createdAt: '2024-05-01T00:00:00.000Z',
  updatedAt: '2024-05-04T00:00:00.000Z',
  canEdit: true,
};

function show(history: EquipmentHistory) {
  const fetch = mockFetch({
    'GET /api/auth/csrf-token': () => json({ csrfToken: 't' }),
    'GET /api/equipment/7/history': () => json(history),
    'POST /api/equipment/7/history/2/revert': () => json(detail),
  });
  renderWithProviders(<EquipmentHistorySection equipmentId={7} />);
  return fetch;
}

describe('EquipmentHistorySection', () => {
  it('is closed and unfetched at first; opened, lists who, when and what changed, newest first', async () => {
    const fetch = show({ edits, canRevert: false });
    const toggle = screen.getByRole('button', { name: 'Edit history' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(callsTo(fetch, '/api/equipment/7/history')).toHaveLength(0);
    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');

    const items = await screen.findAllByRole('listitem');
    const entries = items.filter((li) => li.parentElement?.tagName === 'OL');
    expect(entries).toHaveLength(2);
    expect(within(entries[0]!).getByText('Deleted user')).toBeTruthy();
    expect(within(entries[0]!).getByText('Replaced the picture')).toBeTruthy();
    expect(within(entries[1]!).getByText('grace')).toBeTruthy();
    expect(within(entries[1]!).getByText(/3 May 2024|2 May 2024/)).toBeTruthy();
    expect(within(entries[1]!).getByText('Name: “Juno 106” → “Juno-106”')).toBeTruthy();
    expect(within(entries[1]!).getByText('Description: empty → “Six voices”')).toBeTruthy();
    // Not an admin: no Revert.
    expect(screen.queryByRole('button', { name: 'Revert' })).toBeNull();
  });

  it('says so when there are no edits', async () => {
    show({ edits: [], canRevert: false });
    await userEvent.click(screen.getByRole('button', { name: 'Edit history' }));
    expect(await screen.findByText('No edits yet.')).toBeTruthy();
  });

  it('an admin reverts an edit after confirming', async () => {
    const fetch = show({ edits, canRevert: true });
    await userEvent.click(screen.getByRole('button', { name: 'Edit history' }));
    const buttons = await screen.findAllByRole('button', { name: 'Revert' });
    expect(buttons).toHaveLength(2);
    await userEvent.click(buttons[1]!);
    const dialog = await screen.findByRole('alertdialog', { name: 'Revert this edit?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revert' }));
    expect(await screen.findByText('Edit reverted')).toBeTruthy();
    const calls = callsTo(fetch, '/api/equipment/7/history/2/revert');
    expect(calls).toHaveLength(1);
    expect(calls[0]![1]?.method).toBe('POST');
  });
});
