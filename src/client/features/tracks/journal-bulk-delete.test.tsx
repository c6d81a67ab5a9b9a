import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeTrack } from '../../entities/track/test-tracks';
import { callsTo, json, mockFetch } from '../../test/mock-fetch';
import { renderWithProviders } from '../../test/render';
import { JournalPage } from './journal-page';

// Issue 42: bulk delete offers Undo for 10 s and removes nothing until then (decision 0590).

const tracks = Array.from({ length: 4 }, (_, i) =>
  makeTrack({
    id: i + 1,
    name: `Take ${i + 1}`,
    createdAt: new Date(Date.UTC(2024, 0, 1) + i * 60_000).toISOString(),
  }),
);
const names = () => screen.queryAllByTestId('track-row').map((r) => r.querySelector('a')?.textContent);

function server() {
  return mockFetch({
    'GET /api/auth/csrf-token': () => json({ csrfToken: 'token' }),
    'GET /api/tracks': () => json(tracks.filter((t) => !deleted.has(t.id))),
    'GET /api/playlists': () => json([]),
    'POST /api/tracks/bulk': (init) => {
      const { ids } = JSON.parse(String(init?.body)) as { ids: number[] };
      for (const id of ids) deleted.add(id);
      return json({ updated: ids.length });
    },
  });
}
let deleted = new Set<number>();
const bulkCalls = (fetch: ReturnType<typeof mockFetch>) => callsTo(fetch, '/api/tracks/bulk');

/** Ticks Take 2 and Take 3, Delete, confirms. */
async function deleteTwo() {
  await screen.findByText('Take 4');
  fireEvent.click(screen.getByRole('checkbox', { name: 'Select Take 2' }));
  fireEvent.click(screen.getByRole('checkbox', { name: 'Select Take 3' }));
  const bar = await screen.findByRole('region', { name: 'Selected tracks' });
  fireEvent.click(within(bar).getByRole('button', { name: 'Delete' }));
  const dialog = await screen.findByRole('alertdialog');
  expect(
    within(dialog).getByText(
      'Are you sure you want to delete these 2 tracks? You can undo this for 10 seconds.',
    ),
  ).toBeTruthy();
  fireEvent.click(within(dialog).getByRole('button', { name: 'Delete 2 tracks' }));
}

const advance = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));

beforeAll(async () => {
  await import('./track-bulk-bar');
}, 30_000);
afterEach(() => {
  vi.useRealTimers();
  deleted = new Set();
});

describe('bulk delete with Undo', { timeout: 20_000 }, () => {
  it('hides the rows at once, offers Undo for 10 s and sends the delete only then', async () => {
    const fetch = server();
    renderWithProviders(<JournalPage />);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await deleteTwo();
    await waitFor(() => expect(names()).toEqual(['Take 4', 'Take 1']));
    const toast = await screen.findByText('2 tracks deleted');
    expect(within(toast.closest('li') as HTMLElement).getByRole('button', { name: 'Undo' })).toBeTruthy();

    await advance(9_500);
    expect(bulkCalls(fetch)).toHaveLength(0);
    expect(screen.getByText('2 tracks deleted')).toBeTruthy();

    await advance(600);
    await waitFor(() => expect(bulkCalls(fetch)).toHaveLength(1));
    expect(JSON.parse(String(bulkCalls(fetch)[0]?.[1]?.body))).toEqual({ ids: [3, 2], action: 'delete' });
    await waitFor(() => expect(names()).toEqual(['Take 4', 'Take 1']));
  });

  it('Undo brings the rows back and sends nothing, then or later', async () => {
    const fetch = server();
    renderWithProviders(<JournalPage />);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await deleteTwo();
    await waitFor(() => expect(names()).toEqual(['Take 4', 'Take 1']));
    await advance(3_000);
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(names()).toEqual(['Take 4', 'Take 3', 'Take 2', 'Take 1']));
    await advance(15_000);
    expect(bulkCalls(fetch)).toHaveLength(0);
    expect(names()).toEqual(['Take 4', 'Take 3', 'Take 2', 'Take 1']);
  });

  it('leaving the page sends the delete at once, kept alive past the page', async () => {
    const fetch = server();
    renderWithProviders(<JournalPage />);
    await deleteTwo();
    await waitFor(() => expect(names()).toEqual(['Take 4', 'Take 1']));
    expect(bulkCalls(fetch)).toHaveLength(0);
    window.dispatchEvent(new Event('pagehide'));
    await waitFor(() => expect(bulkCalls(fetch)).toHaveLength(1));
    expect(bulkCalls(fetch)[0]?.[1]?.keepalive).toBe(true);
    // Undo has nothing left to take back.
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
  });

  it('says nothing was changed, and shows the rows again, when the server refuses', async () => {
    const fetch = mockFetch({
      'GET /api/auth/csrf-token': () => json({ csrfToken: 'token' }),
      'GET /api/tracks': () => json(tracks),
      'GET /api/playlists': () => json([]),
      'POST /api/tracks/bulk': () => json({ message: 'Track not found' }, 404),
    });
    renderWithProviders(<JournalPage />);
    await deleteTwo();
    await waitFor(() => expect(names()).toEqual(['Take 4', 'Take 1']));
    window.dispatchEvent(new Event('pagehide'));
    await waitFor(() => expect(bulkCalls(fetch)).toHaveLength(1));
    expect(await screen.findByText('Nothing was changed')).toBeTruthy();
    await waitFor(() => expect(names()).toEqual(['Take 4', 'Take 3', 'Take 2', 'Take 1']));
  });
});
