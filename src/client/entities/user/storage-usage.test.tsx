import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { StorageUsage } from '../../../shared/schemas/users';
import { JournalPage } from '../../features/tracks/journal-page';
import { resetCsrfToken } from '../../lib/api-client';
import { FakeXhr } from '../../test/fake-xhr';
import { callsTo, json, mockFetch } from '../../test/mock-fetch';
import { renderWithProviders } from '../../test/render';
import { makeTrack } from '../track/test-tracks';

const GB = 1024 ** 3;

/** Answers GET /api/user/storage with each of `replies` in turn (the last one repeats). */
function storageReplies(...replies: StorageUsage[]) {
  let call = 0;
  return () => json(replies[Math.min(call++, replies.length - 1)]);
}

beforeEach(() => {
  resetCsrfToken();
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});

describe('storage usage in the journal', () => {
  it('shows how much of the quota is used, with a bar', async () => {
    mockFetch({
      'GET /api/tracks': () => json([]),
      'GET /api/user/storage': storageReplies({ usedBytes: 1.2 * GB, quotaBytes: 10 * GB }),
    });
    renderWithProviders(<JournalPage />);
    expect(await screen.findByText('1.2 GB of 10 GB used')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Storage used' }).getAttribute('aria-valuenow')).toBe(
      '12',
    );
  });

  it('shows just the usage when there is no quota', async () => {
    mockFetch({
      'GET /api/tracks': () => json([]),
      'GET /api/user/storage': storageReplies({ usedBytes: 350 * 1024 * 1024, quotaBytes: null }),
    });
    renderWithProviders(<JournalPage />);
    expect(await screen.findByText('350 MB used')).toBeTruthy();
    expect(screen.queryByRole('progressbar', { name: 'Storage used' })).toBeNull();
  });

  it('is read again when an upload lands', async () => {
    const fetch = mockFetch({
      'GET /api/tracks': () => json([]),
      'GET /api/auth/csrf-token': () => json({ csrfToken: 't' }),
      'GET /api/user/storage': storageReplies(
        { usedBytes: 0, quotaBytes: 10 * GB },
        { usedBytes: 5 * 1024 * 1024, quotaBytes: 10 * GB },
      ),
    });
    renderWithProviders(<JournalPage />);
    expect(await screen.findByText('0 B of 10 GB used')).toBeTruthy();
    const file = new File([new Uint8Array([1, 2, 3])], 'take.wav', { type: 'audio/wav' });
    fireEvent.change(screen.getByTestId('track-file-input'), { target: { files: [file] } });
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    FakeXhr.sent[0]!.respond(201, makeTrack({ id: 9, name: 'take' }));
    expect(await screen.findByText('5 MB of 10 GB used')).toBeTruthy();
    expect(callsTo(fetch, '/api/user/storage')).toHaveLength(2);
  });

  it('is read again when a track is deleted', async () => {
    mockFetch({
      'GET /api/tracks': () => json([makeTrack({ id: 1, name: 'Morning Loop' })]),
      'GET /api/auth/csrf-token': () => json({ csrfToken: 't' }),
      'DELETE /api/tracks/1': () => json({ success: true }),
      'GET /api/user/storage': storageReplies(
        { usedBytes: 2 * GB, quotaBytes: 10 * GB },
        { usedBytes: 1 * GB, quotaBytes: 10 * GB },
      ),
    });
    renderWithProviders(<JournalPage />);
    expect(await screen.findByText('2 GB of 10 GB used')).toBeTruthy();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit track' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Track' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete Track' }));
    const confirm = await screen.findByRole('alertdialog');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('1 GB of 10 GB used')).toBeTruthy();
  });
});
