import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { EquipmentComment } from '../../../shared/schemas/tracks';
import { resetCsrfToken } from '../../lib/api-client';
import { json, mockFetch } from '../../test/mock-fetch';
import { renderWithProviders, testUser } from '../../test/render';
import { EquipmentComments } from './equipment-comments';

// Issue 42, item 6 (decision 0580): "Report" on each comment of an equipment page but one's own; one's
// own comment, once a moderator hid it, reads the moderator's mark.

beforeEach(() => resetCsrfToken());

const comment = (over: Partial<EquipmentComment>): EquipmentComment => ({
  id: 1,
  equipmentId: 7,
  userId: 'u_sam',
  content: 'Cheap pills at spam.example',
  hidden: false,
  createdAt: '2026-02-02T10:00:00.000Z',
  user: { id: 'u_sam', username: 'sam', firstName: 'Sam', lastName: 'Spammer' },
  ...over,
});

function show(comments: EquipmentComment[]) {
  let body: unknown;
  mockFetch({
    'GET /api/auth/csrf-token': () => json({ csrfToken: 't' }),
    'GET /api/auth/user': () => json(testUser),
    'GET /api/equipment/7/comments': () => json(comments),
    'POST /api/reports': (init) => {
      body = JSON.parse(String(init?.body));
      return json({ id: 1, createdAt: '2026-02-03T00:00:00.000Z' }, 201);
    },
  });
  renderWithProviders(<EquipmentComments equipmentId={7} />);
  return () => body;
}

const item = async (words: string) => (await screen.findByText(words)).closest('li') as HTMLElement;

describe('EquipmentComments: Report (decision 0580)', () => {
  it('reports someone else’s comment through the report dialog', async () => {
    const sent = show([comment({})]);
    const spam = await item('Cheap pills at spam.example');
    await userEvent.click(within(spam).getByRole('button', { name: 'Report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report this comment' });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Spam' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(sent()).toEqual({ target: { kind: 'equipmentComment', id: 1 }, reason: 'spam' }),
    );
    expect(await screen.findByText('Report received')).toBeTruthy();
  });

  it('offers no Report on one’s own comment, and marks it when a moderator hid it', async () => {
    show([
      comment({
        id: 2,
        userId: testUser.id,
        content: 'My own tip',
        user: { ...comment({}).user, id: testUser.id },
      }),
      comment({ id: 3, userId: testUser.id, content: 'My hidden words', hidden: true }),
      comment({ id: 4 }),
    ]);
    const own = await item('My own tip');
    const hidden = await item('My hidden words');
    const theirs = await item('Cheap pills at spam.example');
    await waitFor(() => expect(within(own).queryByRole('button', { name: 'Report' })).toBeNull());
    expect(within(hidden).queryByRole('button', { name: 'Report' })).toBeNull();
    expect(within(hidden).getByText('Hidden by a moderator: only you can see it')).toBeTruthy();
    expect(within(own).queryByText(/Hidden by a moderator/)).toBeNull();
    expect(within(theirs).getByRole('button', { name: 'Report' })).toBeTruthy();
  });
});
