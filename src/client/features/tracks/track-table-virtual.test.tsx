import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeTrack } from '../../entities/track/test-tracks';
import { VIRTUALIZE_FROM } from '../../lib/use-virtual-rows';
import { fakePlayer, WithPlayer } from '../../test/fake-player';
import { json, mockFetch } from '../../test/mock-fetch';
import { renderWithProviders } from '../../test/render';
import { layOutVirtualRows } from '../../test/virtual-layout';
import { JournalPage } from './journal-page';

const ROW = 57;
// Newest upload first: track 5000 on top, track 1 at the bottom.
const many = Array.from({ length: 5000 }, (_, i) =>
  makeTrack({
    id: i + 1,
    name: `Take ${i + 1}`,
    createdAt: new Date(Date.UTC(2024, 0, 1) + i * 60_000).toISOString(),
  }),
);

afterEach(() => {
  vi.restoreAllMocks();
  Object.defineProperty(window, 'scrollY', { value: 0, configurable: true, writable: true });
});

// 5,000-item fixtures take seconds to build and render on a loaded machine.
describe('the journal with thousands of tracks (decision 0072)', { timeout: 20_000 }, () => {
  it('renders only a window of the 5,000 rows, as real rows that say where they are', async () => {
    layOutVirtualRows(ROW);
    mockFetch({ 'GET /api/tracks': () => json(many) });
    renderWithProviders(<JournalPage />);
    await screen.findByText('Take 5000');
    // The first rows show while the virtualizer loads (a lazy chunk), never the whole list.
    expect(screen.getAllByTestId('track-row').length).toBeLessThanOrEqual(VIRTUALIZE_FROM);
    // Then the virtualizer's window (its rows say where they are): the list no longer waits for the
    // filter bar's component, only its chunk, so the first rows may still be showing here.
    await waitFor(() =>
      expect(screen.getAllByTestId('track-row')[0]?.hasAttribute('aria-rowindex')).toBe(true),
    );
    const rows = screen.getAllByTestId('track-row');
    expect(rows.length).toBeLessThan(60);
    expect(rows.length).toBeGreaterThan(5);
    expect(screen.queryByText('Take 1')).toBeNull();
    const table = screen.getByRole('grid', { name: 'Your tracks' });
    expect(table.getAttribute('aria-rowcount')).toBe('5001');
    expect(rows[0]?.getAttribute('aria-rowindex')).toBe('2');
    expect(within(table).getAllByRole('row')[1]).toBe(rows[0]);
    // Spacer rows keep the scroll height of the whole table.
    const spacer = table.querySelector('tr[data-spacer] td') as HTMLElement;
    expect(Number.parseFloat(spacer.style.height)).toBeGreaterThan(ROW * 4900);
  });

  it('brings the rows in view when scrolled, numbered by their place in the list', async () => {
    const scrollTo = layOutVirtualRows(ROW);
    mockFetch({ 'GET /api/tracks': () => json(many) });
    renderWithProviders(<JournalPage />);
    await screen.findByText('Take 5000');
    scrollTo(ROW * 3000);
    // Row 3001 from the top is track 2000 (newest first).
    expect(await screen.findByText('Take 2000')).toBeTruthy();
    expect(screen.queryByText('Take 5000')).toBeNull();
    const row = screen.getByText('Take 2000').closest('tr') as HTMLElement;
    expect(row.getAttribute('aria-rowindex')).toBe(String(3001 + 1));
    expect(row.textContent).toContain('3001');
    expect(screen.getAllByTestId('track-row').length).toBeLessThan(60);
  });

  it('still queues the whole journal from any rendered row', async () => {
    const scrollTo = layOutVirtualRows(ROW);
    const player = fakePlayer();
    mockFetch({ 'GET /api/tracks': () => json(many) });
    renderWithProviders(
      <WithPlayer player={player}>
        <JournalPage />
      </WithPlayer>,
    );
    await screen.findByText('Take 5000');
    scrollTo(ROW * 100);
    const row = (await screen.findByText('Take 4900')).closest('tr') as HTMLElement;
    await userEvent.click(within(row).getByRole('button', { name: /Play/ }));
    const [track, queue] = vi.mocked(player.playTrack).mock.calls[0] ?? [];
    expect(track?.id).toBe(4900);
    expect(queue).toHaveLength(5000);
  });

  it(`renders every row of a journal under ${VIRTUALIZE_FROM} tracks, without row indexes`, async () => {
    layOutVirtualRows(ROW);
    const few = many.slice(0, VIRTUALIZE_FROM - 1);
    mockFetch({ 'GET /api/tracks': () => json(few) });
    renderWithProviders(<JournalPage />);
    await screen.findByText(`Take ${VIRTUALIZE_FROM - 1}`);
    expect(screen.getAllByTestId('track-row')).toHaveLength(VIRTUALIZE_FROM - 1);
    expect(screen.getByRole('grid', { name: 'Your tracks' }).hasAttribute('aria-rowcount')).toBe(false);
  });
});
