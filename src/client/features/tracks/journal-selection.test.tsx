import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeTag, makeTrack } from '../../entities/track/test-tracks';
import { callsTo, json, mockFetch } from '../../test/mock-fetch';
import { renderWithProviders } from '../../test/render';
import { layOutVirtualRows } from '../../test/virtual-layout';
import { JournalPage } from './journal-page';

const juno = makeTag({ id: 5, name: 'Juno-60' });
const few = Array.from({ length: 8 }, (_, i) =>
  makeTrack({
    id: i + 1,
    name: `Take ${i + 1}`,
    equipment: i % 2 ? [juno] : [],
    createdAt: new Date(Date.UTC(2024, 0, 1) + i * 60_000).toISOString(),
  }),
);
// Newest first: "Take 8" is the top row.
const rowNames = () => screen.getAllByTestId('track-row').map((r) => r.querySelector('a')?.textContent);

function server(tracks = few) {
  return mockFetch({
    'GET /api/auth/csrf-token': () => json({ csrfToken: 'token' }),
    'GET /api/tracks': (_init, url) => {
      const params = new URL(url, 'http://localhost').searchParams;
      if (!params.has('equipment')) return json(tracks);
      const items = tracks.filter((t) => t.equipment.some((e) => String(e.id) === params.get('equipment')));
      return json({ items, nextCursor: null, total: items.length, all: tracks.length });
    },
    'GET /api/playlists': () => json([{ id: 42, name: 'Best takes', trackCount: 0 }]),
    'POST /api/tracks/bulk': (init) => json({ updated: JSON.parse(String(init?.body)).ids.length }),
  });
}
const bulkBodies = (fetch: ReturnType<typeof mockFetch>) =>
  callsTo(fetch, '/api/tracks/bulk').map(([, init]) => JSON.parse(String(init?.body)));
const box = (name: string) => screen.getByRole('checkbox', { name: `Select ${name}` }) as HTMLInputElement;
const bar = () => screen.findByRole('region', { name: 'Selected tracks' });

beforeAll(async () => {
  // Lazy chunks, loaded once up front as a browser would have them cached.
  await Promise.all([import('./track-filter-bar'), import('./track-bulk-bar')]);
}, 30_000);
afterEach(() => vi.unstubAllGlobals());

describe('the journal multi-select (issue 23)', { timeout: 20_000 }, () => {
  it('ticks one, then a Shift-click ticks the range; Escape clears and the bar goes', async () => {
    server();
    renderWithProviders(<JournalPage />);
    await screen.findByText('Take 8');
    expect(rowNames().slice(0, 3)).toEqual(['Take 8', 'Take 7', 'Take 6']);
    expect(screen.queryByRole('region', { name: 'Selected tracks' })).toBeNull();

    await userEvent.click(box('Take 7'));
    expect(within(await bar()).getByText('1 selected')).toBeTruthy();
    const user = userEvent.setup();
    await user.keyboard('{Shift>}');
    await user.click(box('Take 4'));
    await user.keyboard('{/Shift}');
    expect(within(await bar()).getByText('4 selected')).toBeTruthy();
    for (const name of ['Take 7', 'Take 6', 'Take 5', 'Take 4']) expect(box(name).checked).toBe(true);
    expect(box('Take 8').checked).toBe(false);
    expect(box('Take 3').checked).toBe(false);
    expect(box('Take 6').closest('tr')?.getAttribute('aria-selected')).toBe('true');
    const header = screen.getByRole('checkbox', { name: 'Select all tracks' }) as HTMLInputElement;
    expect(header.indeterminate).toBe(true);

    fireEvent.keyDown(document.body, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Selected tracks' })).toBeNull());
    expect(box('Take 6').checked).toBe(false);
  });

  it('Ctrl+A ticks all 5,000 tracks, the unrendered ones too, and one request makes them public', async () => {
    layOutVirtualRows(57);
    const many = Array.from({ length: 5000 }, (_, i) => makeTrack({ id: i + 1, name: `Take ${i + 1}` }));
    const fetch = server(many);
    renderWithProviders(<JournalPage />);
    await screen.findByText('Take 5000');
    await waitFor(() => expect(screen.getAllByTestId('track-row').length).toBeLessThan(60));

    fireEvent.keyDown(document.body, { key: 'a', ctrlKey: true });
    const region = await bar();
    expect(within(region).getByText('5,000 selected')).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: 'Select all tracks' }) as HTMLInputElement).checked).toBe(
      true,
    );

    await userEvent.click(within(region).getByRole('button', { name: 'Visibility' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Make public' }));
    expect(await screen.findByText('5,000 tracks updated')).toBeTruthy();
    const [body] = bulkBodies(fetch);
    expect(body.action).toBe('setVisibility');
    expect(body.visibility).toBe('public');
    expect(new Set(body.ids)).toEqual(new Set(many.map((t) => t.id)));
  });

  it('Ctrl+A takes only what the filter matches; delete asks once, naming the count', async () => {
    const fetch = server();
    renderWithProviders(<JournalPage />, { path: '/?equipment=5' });
    await screen.findByText('4 of 8 tracks');
    fireEvent.keyDown(document.body, { key: 'a', metaKey: true });
    const region = await bar();
    expect(within(region).getByText('4 selected')).toBeTruthy();

    await userEvent.click(within(region).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Delete 4 tracks?')).toBeTruthy();
    expect(
      within(dialog).getByText(
        'Are you sure you want to delete these 4 tracks? You can undo this for 10 seconds.',
      ),
    ).toBeTruthy();
    expect(bulkBodies(fetch)).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete 4 tracks' }));
    // Sent once the Undo window passes (decision 0590), or at once as the page is left.
    expect(bulkBodies(fetch)).toHaveLength(0);
    window.dispatchEvent(new Event('pagehide'));
    await waitFor(() => expect(bulkBodies(fetch)).toHaveLength(1));
    expect(bulkBodies(fetch)[0]).toEqual({ ids: [2, 4, 6, 8], action: 'delete' });
  });

  it('adds the ticked tracks to a playlist chosen from the bar', async () => {
    const fetch = server();
    renderWithProviders(<JournalPage />);
    await screen.findByText('Take 8');
    await userEvent.click(box('Take 2'));
    await userEvent.click(box('Take 5'));
    await userEvent.click(within(await bar()).getByRole('button', { name: 'Add to playlist' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Best takes' }));
    await waitFor(() => expect(bulkBodies(fetch)).toHaveLength(1));
    // In the list's order, whatever order they were ticked in.
    expect(bulkBodies(fetch)[0]).toEqual({ ids: [5, 2], action: 'addToPlaylist', playlistId: 42 });
  });

  it('leaves Ctrl+A to a text field', async () => {
    server();
    renderWithProviders(<JournalPage />);
    await screen.findByText('Take 8');
    const search = await screen.findByLabelText('Search name, notes and equipment');
    fireEvent.keyDown(search, { key: 'a', ctrlKey: true });
    expect(screen.queryByRole('region', { name: 'Selected tracks' })).toBeNull();
  });
});

describe('the track list as a grid (decision 0297)', () => {
  it('is one Tab stop; the arrows move inside a row and to the same control of the next', async () => {
    server();
    renderWithProviders(<JournalPage />);
    await screen.findByText('Take 8');
    const grid = screen.getByRole('grid', { name: 'Your tracks' });
    const body = grid.querySelector('tbody') as HTMLElement;
    const reachable = () =>
      [...body.querySelectorAll<HTMLElement>('[tabindex="0"], a, button, input')].filter(
        (el) => el.tabIndex === 0,
      );
    expect(reachable()).toEqual([box('Take 8')]);

    box('Take 8').focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(
      within(box('Take 8').closest('tr')!).getByRole('button', { name: /Play/ }),
    );
    await userEvent.keyboard('{ArrowDown}');
    const next = box('Take 7').closest('tr')!;
    expect(document.activeElement).toBe(within(next).getByRole('button', { name: /Play/ }));
    // The roving stop follows focus: still one.
    expect(reachable()).toEqual([document.activeElement]);
    await userEvent.keyboard('{End}');
    expect(next.contains(document.activeElement)).toBe(true);
    expect(document.activeElement).not.toBe(within(next).getByRole('button', { name: /Play/ }));
    await userEvent.keyboard('{Home}');
    expect(document.activeElement).toBe(box('Take 7'));
  });
});

describe('tagging the ticked tracks (bulk equipment)', () => {
  it('offers the journal’s kit to add to all, and the kit they carry to take off, with counts', async () => {
    const fetch = server();
    renderWithProviders(<JournalPage />);
    await screen.findByText('Take 8');
    // Of these, only Take 8 carries the Juno.
    for (const name of ['Take 8', 'Take 7', 'Take 5']) await userEvent.click(box(name));
    await userEvent.click(within(await bar()).getByRole('button', { name: 'Equipment' }));
    const add = await screen.findByRole('list', { name: 'Equipment to add' });
    expect(
      within(screen.getByRole('list', { name: 'Equipment to remove' })).getByRole('button').textContent,
    ).toBe('Remove Juno-60 1 of 3');
    await userEvent.click(within(add).getByRole('button', { name: 'Add Juno-60' }));
    await waitFor(() => expect(bulkBodies(fetch)).toHaveLength(1));
    expect(bulkBodies(fetch)[0]).toEqual({ ids: [8, 7, 5], action: 'addEquipment', equipmentIds: [5] });

    await userEvent.click(within(await bar()).getByRole('button', { name: 'Equipment' }));
    const remove = await screen.findByRole('list', { name: 'Equipment to remove' });
    await userEvent.click(within(remove).getByRole('button', { name: /^Remove Juno-60/ }));
    await waitFor(() => expect(bulkBodies(fetch)).toHaveLength(2));
    expect(bulkBodies(fetch)[1]).toEqual({ ids: [8, 7, 5], action: 'removeEquipment', equipmentIds: [5] });
  });
});
