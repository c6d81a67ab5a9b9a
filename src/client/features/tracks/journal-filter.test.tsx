import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { TIMINGS } from '../../../shared/constants';
import { makeTag, makeTrack } from '../../entities/track/test-tracks';
import { json, mockFetch } from '../../test/mock-fetch';
import { renderWithProviders } from '../../test/render';
import { JournalPage } from './journal-page';

const juno = makeTag({ id: 5, name: 'Juno-60' });
const tr808 = makeTag({ id: 7, name: 'TR-808' });
const whole = [
  makeTrack({ id: 1, name: 'Morning Loop', equipment: [juno] }),
  makeTrack({ id: 2, name: 'Night Drone', mimeType: 'audio/flac', equipment: [tr808] }),
  makeTrack({ id: 3, name: 'Loop Two', equipment: [juno, tr808] }),
];

/** The server: the whole list, or a filtered page (what it was asked is recorded). */
function server(reply: (params: URLSearchParams) => unknown) {
  const asked: URLSearchParams[] = [];
  const fetch = mockFetch({
    'GET /api/tracks': (_init, url) => {
      const params = new URL(url, 'http://localhost').searchParams;
      const filtered = [...params.keys()].some((k) => k !== 'sort');
      if (!filtered) return json(whole);
      asked.push(params);
      return json(reply(params));
    },
  });
  return { asked, fetch };
}

const lastAsked = (asked: URLSearchParams[]) => Object.fromEntries(asked.at(-1)!);

// The bar is a lazy chunk (decision 0290): loaded once up front, as a browser would have it cached.
beforeAll(async () => {
  await import('./track-filter-bar');
}, 30_000);

describe('Journal filter bar', () => {
  it('restores the filter from the URL, asks the server for it and says "2 of 1,003 tracks"', async () => {
    const { asked } = server(() => ({ items: [whole[2], whole[0]], nextCursor: null, total: 2, all: 1003 }));
    renderWithProviders(<JournalPage />, { path: '/?q=loop&equipment=5&state=ready&format=wav' });
    expect(await screen.findByText('2 of 1,003 tracks')).toBeTruthy();
    expect(screen.getByText('Loop Two')).toBeTruthy();
    expect(screen.queryByText('Night Drone')).toBeNull();
    expect(lastAsked(asked)).toMatchObject({ q: 'loop', equipment: '5', state: 'ready', format: 'wav' });
    expect(
      ((await screen.findByLabelText('Search name, notes and equipment')) as HTMLInputElement).value,
    ).toBe('loop');
    expect((screen.getByLabelText('Processing state') as HTMLSelectElement).value).toBe('ready');
    expect((screen.getByLabelText('Format') as HTMLSelectElement).value).toBe('wav');
    // The equipment offered is the journal's own, with the chosen one ticked.
    await userEvent.click(screen.getByRole('button', { name: 'Equipment (1)' }));
    expect((screen.getByRole('checkbox', { name: 'Juno-60' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'TR-808' }) as HTMLInputElement).checked).toBe(false);
  });

  it('writes each choice into the URL, and Back brings the previous filter back', async () => {
    const { asked } = server((p) => ({
      items: whole.filter((t) => !p.get('format') || t.mimeType === `audio/${p.get('format')}`),
      nextCursor: null,
      total: 1,
      all: 3,
    }));
    const user = userEvent.setup();
    const { location } = renderWithProviders(<JournalPage />, { path: '/' });
    await screen.findByText('Night Drone');
    expect(screen.queryByText(/of 3 tracks/)).toBeNull();
    await user.selectOptions(screen.getByLabelText('Format'), 'flac');
    expect(await screen.findByText('1 of 3 tracks')).toBeTruthy();
    expect(location.history?.at(-1)).toBe('/?format=flac');
    await user.click(screen.getByRole('button', { name: 'Equipment' }));
    await user.click(screen.getByRole('checkbox', { name: 'TR-808' }));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/?equipment=7&format=flac'));
    await waitFor(() => expect(lastAsked(asked)).toMatchObject({ equipment: '7', format: 'flac' }));
    // Back (the history's previous entry): the checkbox is cleared again, the format kept.
    act(() => location.navigate('/?format=flac'));
    await waitFor(() =>
      expect((screen.getByRole('checkbox', { name: 'TR-808' }) as HTMLInputElement).checked).toBe(false),
    );
    expect((screen.getByLabelText('Format') as HTMLSelectElement).value).toBe('flac');
    // Clear filters: the whole journal again, nothing in the URL.
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(location.history?.at(-1)).toBe('/');
    expect(await screen.findByText('Morning Loop')).toBeTruthy();
    expect(screen.queryByText(/of 3 tracks/)).toBeNull();
  });

  it('applies typed text once typing rests, sends local days as instants, and says when nothing matches', async () => {
    const { asked } = server(() => ({ items: [], nextCursor: null, total: 0, all: 3 }));
    const user = userEvent.setup();
    const { location } = renderWithProviders(<JournalPage />, {
      path: '/?from=2024-03-01&to=2024-03-02&dateField=created',
    });
    expect(await screen.findByText('No tracks match these filters')).toBeTruthy();
    expect(screen.getByText('0 of 3 tracks')).toBeTruthy();
    const sent = lastAsked(asked);
    expect(sent.dateField).toBe('created');
    expect(sent.from).toMatch(/^2024-03-01T00:00:00\.000000[+-]\d{2}:\d{2}$/);
    expect(sent.to).toMatch(/^2024-03-02T23:59:59\.999999[+-]\d{2}:\d{2}$/);
    await user.type(screen.getByLabelText('Search name, notes and equipment'), 'drone');
    await waitFor(() => expect(lastAsked(asked).q).toBe('drone'));
    expect(location.history?.at(-1)).toBe('/?q=drone&from=2024-03-01&to=2024-03-02&dateField=created');
    // Typing replaced the entry rather than adding one per key.
    expect(location.history).toHaveLength(1);
    expect(
      within(screen.getByLabelText('Dates of')).getByRole('option', { name: 'Date Created' }),
    ).toBeTruthy();
  });

  it('reads every page of a large match, so Play all holds all of it', async () => {
    const { asked } = server((p) =>
      p.get('cursor')
        ? { items: [whole[1]], nextCursor: null }
        : { items: [whole[0]], nextCursor: 'next-page', total: 2, all: 3 },
    );
    renderWithProviders(<JournalPage />, { path: '/?visibility=private' });
    expect(await screen.findByText('Night Drone')).toBeTruthy();
    expect(await screen.findByText('Morning Loop')).toBeTruthy();
    // The first page small (100), the next ones in the server's largest pages (issue 48).
    expect(Object.fromEntries(asked[0]!)).toMatchObject({ visibility: 'private', limit: '100' });
    expect(lastAsked(asked)).toMatchObject({ visibility: 'private', cursor: 'next-page', limit: '1000' });
  });

  it('shows the first page of a match before the later pages have arrived (issue 48)', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    mockFetch({
      'GET /api/tracks': async (_init, url) => {
        const params = new URL(url, 'http://localhost').searchParams;
        if (!params.has('visibility')) return json(whole);
        if (!params.get('cursor'))
          return json({ items: [whole[0]], nextCursor: 'next-page', total: 2, all: 3 });
        await held;
        return json({ items: [whole[1]], nextCursor: null });
      },
    });
    renderWithProviders(<JournalPage />, { path: '/?visibility=private' });
    expect(await screen.findByText('Morning Loop')).toBeTruthy();
    expect(screen.queryByText('Night Drone')).toBeNull();
    release();
    expect(await screen.findByText('Night Drone')).toBeTruthy();
  });

  it('counts a match past the server\'s cap (issue 48) by the pages it read, else says "1,000+"', async () => {
    // The server counted up to its cap (here 1) and said so; the pages hold 2 matches.
    server((p) =>
      p.get('cursor')
        ? { items: [whole[1]], nextCursor: null }
        : { items: [whole[0]], nextCursor: 'next-page', total: 1, all: 3, totalCapped: true },
    );
    renderWithProviders(<JournalPage />, { path: '/?visibility=private' });
    expect(await screen.findByText('2 of 3 tracks')).toBeTruthy();
  });

  it('says "1,000+ of 100,000 tracks" while the pages read hold no more than the capped count', async () => {
    server(() => ({ items: [whole[0]], nextCursor: null, total: 1000, all: 100_000, totalCapped: true }));
    renderWithProviders(<JournalPage />, { path: '/?q=loop' });
    expect(await screen.findByText('1,000+ of 100,000 tracks')).toBeTruthy();
  });

  it('reads the filtered pages again once a match settles in the journal, not on every poll', async () => {
    vi.useFakeTimers({
      toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'],
      shouldAdvanceTime: true,
    });
    const take = (state: 'pending' | 'ready') =>
      makeTrack({ id: 9, name: 'Fresh Take', processing: { state, error: null } });
    let pageReads = 0;
    let trackReads = 0;
    mockFetch({
      'GET /api/tracks': (_init, url) => {
        const filtered = new URL(url, 'http://localhost').searchParams.has('q');
        if (!filtered) return json([...whole, take('pending')]);
        pageReads += 1;
        return json({
          items: [take(trackReads < 3 ? 'pending' : 'ready')],
          nextCursor: null,
          total: 1,
          all: 4,
        });
      },
      // The journal's own poll of its pending track: still pending twice, then ready.
      'GET /api/tracks/9': () => {
        trackReads += 1;
        return json({ track: take(trackReads < 3 ? 'pending' : 'ready') });
      },
    });
    renderWithProviders(<JournalPage />, { path: '/?q=fresh' });
    expect(await screen.findByText('Processing…')).toBeTruthy();
    await vi.advanceTimersByTimeAsync(TIMINGS.processingPollMs * 2);
    await waitFor(() => expect(trackReads).toBe(2));
    expect(pageReads).toBe(1);
    await vi.advanceTimersByTimeAsync(TIMINGS.processingPollMs);
    await waitFor(() => expect(screen.queryByText('Processing…')).toBeNull());
    expect(pageReads).toBe(2);
    await vi.advanceTimersByTimeAsync(TIMINGS.processingPollMs * 3);
    expect(pageReads).toBe(2);
    expect(trackReads).toBe(3);
  });

  it('closes the equipment list on a click elsewhere', async () => {
    server(() => ({ items: whole, nextCursor: null, total: 3, all: 3 }));
    renderWithProviders(<JournalPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Equipment' }));
    expect(screen.getByRole('checkbox', { name: 'Juno-60' })).toBeTruthy();
    await userEvent.click(screen.getByText('Your Music Journal'));
    expect(screen.queryByRole('checkbox', { name: 'Juno-60' })).toBeNull();
  });

  it('folds the controls beyond the text (and on a phone the equipment) under "Filters", counting those in use', async () => {
    server(() => ({ items: [whole[0]], nextCursor: null, total: 1, all: 3 }));
    renderWithProviders(<JournalPage />, { path: '/?equipment=5&visibility=private&q=loop' });
    const toggle = await screen.findByRole('button', { name: 'Filters (2)' });
    const more = document.getElementById(toggle.getAttribute('aria-controls') ?? '') as HTMLElement;
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(more.contains(screen.getByLabelText('Visibility'))).toBe(true);
    expect(more.classList.contains('hidden')).toBe(true);
    // The equipment stays in the row from `sm` up, and folds with the rest on a phone.
    const equipment = screen.getByRole('button', { name: 'Equipment (1)' }).parentElement as HTMLElement;
    expect(more.contains(equipment)).toBe(false);
    expect(equipment.classList.contains('max-sm:hidden')).toBe(true);
    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(more.classList.contains('hidden')).toBe(false);
    expect(equipment.classList.contains('max-sm:hidden')).toBe(false);
  });
});

afterEach(() => vi.useRealTimers());
