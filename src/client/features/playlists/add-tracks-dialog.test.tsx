import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PlaylistDetail } from '../../../shared/schemas/playlists';
import { BULK_TRACKS_MAX } from '../../../shared/schemas/track-bulk';
import type { Track } from '../../../shared/schemas/tracks';
import { toast } from '../../components/ui/use-toast';
import { playlistQueryKey } from '../../entities/playlist/use-playlists';
import { resetCsrfToken } from '../../lib/api-client';
import { VIRTUALIZE_FROM } from '../../lib/virtualize-from';
import { callsTo, json, mockFetch } from '../../test/mock-fetch';
import { renderWithProviders } from '../../test/render';
import { layOutVirtualRows } from '../../test/virtual-layout';
import { AddTracksDialog } from './add-tracks-dialog';
import { detail, track } from './playlist-fixtures';
import { useAddTracks } from './use-playlist-mutations';

const juno = { id: 7, name: 'Juno-60', description: null, imageUrl: null, category: 'Synthesizer' };
// 1,000 takes; every third was played on the Juno-60 (334 of them: 1, 4, 7, … 1000).
const takes = Array.from({ length: 1000 }, (_, i) =>
  track(i + 1, `Take ${i + 1}`, { equipment: i % 3 === 0 ? [juno] : [] }),
);
const junoIds = takes.filter((t) => t.equipment.length > 0).map((t) => t.id);

const celesta = track(2001, 'Célesta Patch');
const kick = track(2002, 'Kick Jam', { notes: 'first take, a bit rushed' });
const pads = track(2003, 'Pads');
const inList = track(2004, 'Already There');

/** The dialog, open on playlist 5 (in the cache, holding `held`), over the journal `journal`. */
function renderDialog(journal: Track[], held: Track[] = []) {
  const playlist: PlaylistDetail = detail(5, held);
  const onOpenChange = vi.fn();
  const fetch = mockFetch({
    'GET /api/auth/csrf-token': () => json({ csrfToken: 't' }),
    'GET /api/tracks': () => json(journal),
    'GET /api/playlists/5': () => json(playlist),
    'POST /api/tracks/bulk': (init) =>
      json({ updated: (JSON.parse(String(init?.body)) as { ids: number[] }).ids.length }),
  });
  renderWithProviders(<AddTracksDialog playlist={playlist} open onOpenChange={onOpenChange} />, {
    seed: [[playlistQueryKey(5), playlist]],
  });
  return { fetch, onOpenChange };
}

const dialog = () => screen.getByRole('dialog', { name: 'Add Tracks' });
const list = () => within(dialog()).getByRole('list', { name: 'Your tracks' });
const filter = () => within(dialog()).getByRole('searchbox', { name: 'Filter tracks' });
const selectAll = () => within(dialog()).getByRole('checkbox', { name: 'Select all matching' });
const addButton = () => within(dialog()).getByRole('button', { name: /^Add \d+ Track\(s\)$/ });
const names = () =>
  within(list())
    .getAllByRole('checkbox')
    .map((box) => box.getAttribute('aria-labelledby'));
const shownNames = () => names().map((id) => document.getElementById(String(id))?.textContent ?? '');
const bulkBodies = (fetch: ReturnType<typeof mockFetch>) =>
  callsTo(fetch, '/api/tracks/bulk').map(([, init]) => JSON.parse(String(init?.body)));

beforeEach(() => {
  resetCsrfToken();
  // The toast store is global: a toast left open by an earlier test would be the top layer and
  // take the Escape key. A new toast replaces it (at most 1), and dismissed it closes.
  act(() => toast({ title: 'reset' }).dismiss());
});
afterEach(() => {
  vi.restoreAllMocks();
  Object.defineProperty(window, 'scrollY', { value: 0, configurable: true, writable: true });
});

describe('Add Tracks dialog: filter', () => {
  it('starts in a labelled filter field and narrows the list by name, notes and equipment, ignoring case and accents', async () => {
    renderDialog([celesta, kick, pads, inList, track(2005, 'Synth Bed', { equipment: [juno] })], [inList]);
    await within(dialog()).findByRole('list', { name: 'Your tracks' });
    expect(document.activeElement).toBe(filter());
    expect(shownNames()).toEqual(['Célesta Patch', 'Kick Jam', 'Pads', 'Synth Bed']);
    expect(within(dialog()).getByRole('status').textContent).toBe('0 of 4 selected');

    await userEvent.type(filter(), 'CELESTA');
    await waitFor(() => expect(shownNames()).toEqual(['Célesta Patch']));
    expect(within(dialog()).getByRole('status').textContent).toBe('1 matching · 0 of 4 selected');
    await userEvent.clear(filter());
    await userEvent.type(filter(), 'rushed');
    await waitFor(() => expect(shownNames()).toEqual(['Kick Jam']));
    await userEvent.clear(filter());
    await userEvent.type(filter(), 'juno');
    await waitFor(() => expect(shownNames()).toEqual(['Synth Bed']));
    // A track already in the playlist is never offered, whatever the filter.
    await userEvent.clear(filter());
    await userEvent.type(filter(), 'already');
    expect(await within(dialog()).findByText('No tracks match “already”')).toBeTruthy();
  });

  it('says when nothing matches: no list, Select all matching off, nothing to add', async () => {
    renderDialog([celesta, kick, pads]);
    await within(dialog()).findByRole('list', { name: 'Your tracks' });
    await userEvent.type(filter(), 'xyz');
    expect(await within(dialog()).findByText('No tracks match “xyz”')).toBeTruthy();
    expect(within(dialog()).queryByRole('list', { name: 'Your tracks' })).toBeNull();
    expect(selectAll().hasAttribute('disabled')).toBe(true);
    expect(addButton().textContent).toBe('Add 0 Track(s)');
    expect(addButton().hasAttribute('disabled')).toBe(true);
  });

  it('keeps tracks selected while the filter hides them, counts and adds them too', async () => {
    const { fetch } = renderDialog([celesta, kick, pads]);
    await userEvent.click(await within(dialog()).findByRole('checkbox', { name: 'Pads' }));
    await userEvent.type(filter(), 'kick');
    await waitFor(() => expect(shownNames()).toEqual(['Kick Jam']));
    await userEvent.click(within(list()).getByRole('checkbox', { name: 'Kick Jam' }));
    expect(within(dialog()).getByRole('status').textContent).toBe('1 matching · 2 of 3 selected');
    expect(addButton().textContent).toBe('Add 2 Track(s)');
    await userEvent.click(addButton());
    // In the journal's order, as the list shows them without a filter.
    await waitFor(() =>
      expect(bulkBodies(fetch)).toEqual([{ ids: [2002, 2003], action: 'addToPlaylist', playlistId: 5 }]),
    );
  });

  it('lists the best match first, numbered takes in order, as the journal filter does (issue 42)', async () => {
    const names = ['Take 0907', 'Take 079', 'Take 071', 'Take 07', 'Take 070', 'Kick Jam'];
    renderDialog(names.map((name, i) => track(3000 + i, name)));
    await within(dialog()).findByRole('list', { name: 'Your tracks' });
    await userEvent.type(filter(), 'Take 07');
    await waitFor(() => expect(shownNames()).toEqual(['Take 07', 'Take 070', 'Take 071', 'Take 079']));
    // A typo only when nothing matches as typed.
    await userEvent.clear(filter());
    await userEvent.type(filter(), 'kcik');
    await waitFor(() => expect(shownNames()).toEqual(['Kick Jam']));
  });

  it('clears the filter with Escape before Escape closes the dialog', async () => {
    const { onOpenChange } = renderDialog([celesta, kick]);
    await within(dialog()).findByRole('list', { name: 'Your tracks' });
    await userEvent.type(filter(), 'kick');
    await userEvent.keyboard('{Escape}');
    expect((filter() as HTMLInputElement).value).toBe('');
    expect(onOpenChange).not.toHaveBeenCalled();
    await userEvent.keyboard('{Escape}');
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});

// 1,000-row fixtures take a while to render on a loaded machine.
describe('Add Tracks dialog: a 1,000-track journal', { timeout: 30_000 }, () => {
  it('renders only the rows in view, each saying where it sits in the whole list', async () => {
    layOutVirtualRows(36);
    renderDialog(takes);
    await within(dialog()).findByRole('list', { name: 'Your tracks' });
    const boxes = within(list()).getAllByRole('checkbox');
    expect(boxes.length).toBeLessThan(VIRTUALIZE_FROM);
    expect(boxes[0]?.closest('li')?.getAttribute('aria-setsize')).toBe('1000');
    expect(boxes[0]?.closest('li')?.getAttribute('aria-posinset')).toBe('1');
    expect(within(list()).queryByText('Take 1000')).toBeNull();
    expect(within(dialog()).getByRole('status').textContent).toBe('0 of 1,000 selected');
    // Its scrolling box has a height of its own: with a max-height alone a browser collapses it to
    // the rows rendered, which start as none (jsdom has no layout to show it).
    expect(list().parentElement?.classList.contains('h-80')).toBe(true);
  });

  it('selects every match with Select all matching, rendered or not, and adds them in one request', async () => {
    layOutVirtualRows(36);
    const { fetch } = renderDialog(takes);
    await within(dialog()).findByRole('list', { name: 'Your tracks' });
    await userEvent.type(filter(), 'JUNO');
    await waitFor(() =>
      expect(within(dialog()).getByRole('status').textContent).toBe('334 matching · 0 of 1,000 selected'),
    );
    // Still virtualised: most of the 334 matches are not in the DOM.
    expect(within(list()).getAllByRole('checkbox').length).toBeLessThan(VIRTUALIZE_FROM);
    expect(selectAll().getAttribute('aria-checked')).toBe('false');

    await userEvent.click(selectAll());
    expect(selectAll().getAttribute('aria-checked')).toBe('true');
    expect(within(dialog()).getByRole('status').textContent).toBe('334 matching · 334 of 1,000 selected');
    expect(addButton().textContent).toBe('Add 334 Track(s)');
    // One unticked: the box says "some", a click selects them all again.
    await userEvent.click(within(list()).getByRole('checkbox', { name: 'Take 1' }));
    expect(selectAll().getAttribute('aria-checked')).toBe('mixed');
    expect(addButton().textContent).toBe('Add 333 Track(s)');
    await userEvent.click(selectAll());
    expect(addButton().textContent).toBe('Add 334 Track(s)');

    await userEvent.click(addButton());
    await waitFor(() =>
      expect(bulkBodies(fetch)).toEqual([{ ids: junoIds, action: 'addToPlaylist', playlistId: 5 }]),
    );
    expect(callsTo(fetch, '/api/playlists/5/tracks')).toEqual([]);
  });

  it('without a filter selects and unselects all 1,000', async () => {
    layOutVirtualRows(36);
    renderDialog(takes);
    await within(dialog()).findByRole('list', { name: 'Your tracks' });
    await userEvent.click(selectAll());
    expect(addButton().textContent).toBe('Add 1000 Track(s)');
    expect(within(dialog()).getByRole('status').textContent).toBe('1,000 of 1,000 selected');
    await userEvent.click(selectAll());
    expect(addButton().textContent).toBe('Add 0 Track(s)');
    expect(addButton().hasAttribute('disabled')).toBe(true);
  });
});

describe('useAddTracks', () => {
  it(`sends more than ${BULK_TRACKS_MAX.toLocaleString('en')} tracks in requests of at most that many, in order`, async () => {
    const many = Array.from({ length: BULK_TRACKS_MAX + 1 }, (_, i) => track(i + 1, `Take ${i + 1}`));
    const fetch = mockFetch({
      'GET /api/auth/csrf-token': () => json({ csrfToken: 't' }),
      'GET /api/playlists/5': () => json(detail(5, many)),
      'POST /api/tracks/bulk': () => json({ updated: 1 }),
    });
    let add: ReturnType<typeof useAddTracks> | undefined;
    function Adder() {
      add = useAddTracks(5);
      return null;
    }
    renderWithProviders(<Adder />, { seed: [[playlistQueryKey(5), detail(5, [])]] });
    act(() => add?.mutate(many));
    await waitFor(() => expect(bulkBodies(fetch)).toHaveLength(2));
    const [first, second] = bulkBodies(fetch);
    expect(first.ids).toEqual(many.slice(0, BULK_TRACKS_MAX).map((t) => t.id));
    expect(second).toEqual({ ids: [BULK_TRACKS_MAX + 1], action: 'addToPlaylist', playlistId: 5 });
  });
});
