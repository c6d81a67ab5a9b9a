import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { TRACK_SORT_STORAGE_KEY } from '../../../shared/constants';
import { sortTracks, type Track } from '../../../shared/schemas/tracks';
import { makeTrack } from '../../entities/track/test-tracks';
import { resetCsrfToken } from '../../lib/api-client';
import { callsTo, json, mockFetch } from '../../test/mock-fetch';
import { renderWithProviders } from '../../test/render';
import { JournalPage } from './journal-page';

// Issue 47: the journal sorted by tempo (slowest first) and by key (C major, C minor … B minor),
// tracks without one last, as the server sorts them (sortTracks).

const take = (id: number, name: string, bpm: number | null, musicalKey: string | null, day: number) =>
  makeTrack({ id, name, bpm, musicalKey, createdAt: `2024-05-0${day}T12:00:00.000Z` });
const tracks = [
  take(1, 'Slow Blues', 72, 'E minor', 1),
  take(2, 'House Groove', 124, 'C minor', 2),
  take(3, 'Voice Memo', null, null, 3),
  take(4, 'Ballad', 72, 'C major', 4),
  take(5, 'Drum Loop', 174.5, null, 5),
];

const shownOrder = () =>
  screen
    .getAllByTestId('track-row')
    .map((row) => tracks.find((track) => row.textContent?.includes(track.name))?.name);
const orderOf = (sort: 'tempo' | 'key') => sortTracks(tracks, sort).map((track) => track.name);

beforeEach(() => resetCsrfToken());

describe('Sort by tempo and key', () => {
  it('offers both, orders the one list by each and remembers the choice', async () => {
    const fetch = mockFetch({ 'GET /api/tracks': () => json(tracks) });
    renderWithProviders(<JournalPage />);
    await screen.findByText('Slow Blues');
    const sortBy = screen.getByRole('combobox', { name: 'Sort by' });
    await userEvent.click(sortBy);
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).toEqual(['Date Uploaded', 'Date Created', 'Tempo (Slow to Fast)', 'Key']);

    await userEvent.click(screen.getByRole('option', { name: 'Tempo (Slow to Fast)' }));
    expect(localStorage.getItem(TRACK_SORT_STORAGE_KEY)).toBe('tempo');
    await waitFor(() => expect(shownOrder()).toEqual(orderOf('tempo')));
    // Equal tempos newest upload first, none last.
    expect(shownOrder()).toEqual(['Ballad', 'Slow Blues', 'House Groove', 'Drum Loop', 'Voice Memo']);
    expect(sortBy.textContent).toContain('Tempo (Slow to Fast)');
    // The date column shows when each was added, as under Date Uploaded.
    expect(screen.getByRole('columnheader', { name: 'Date Added' })).toBeTruthy();

    await userEvent.click(screen.getByRole('combobox', { name: 'Sort by' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Key' }));
    expect(localStorage.getItem(TRACK_SORT_STORAGE_KEY)).toBe('key');
    await waitFor(() => expect(shownOrder()).toEqual(orderOf('key')));
    expect(shownOrder()).toEqual(['Ballad', 'House Groove', 'Slow Blues', 'Drum Loop', 'Voice Memo']);
    // Re-ordering is local: the list was fetched once.
    expect(callsTo(fetch, '/api/tracks')).toHaveLength(1);
  });

  it('opens on a stored tempo sort, and moves a track whose tempo the owner edits', async () => {
    localStorage.setItem(TRACK_SORT_STORAGE_KEY, 'tempo');
    let list: Track[] = tracks;
    mockFetch({
      'GET /api/tracks': () => json(list),
      'GET /api/auth/csrf-token': () => json({ csrfToken: 't' }),
      'PATCH /api/tracks/5': (init) => {
        const { bpm } = JSON.parse(String(init?.body));
        const edited = { ...tracks[4]!, bpm, bpmEdited: true };
        list = tracks.map((track) => (track.id === 5 ? edited : track));
        return json(edited);
      },
    });
    renderWithProviders(<JournalPage />);
    await screen.findByText('Drum Loop');
    expect(screen.getByRole('combobox', { name: 'Sort by' }).textContent).toContain('Tempo (Slow to Fast)');
    expect(shownOrder()).toEqual(orderOf('tempo'));

    const row = screen.getByText('Drum Loop').closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: 'Edit track' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Track' });
    const tempo = within(dialog).getByLabelText('Tempo (BPM)') as HTMLInputElement;
    await userEvent.clear(tempo);
    await userEvent.type(tempo, '60');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(shownOrder()[0]).toBe('Drum Loop'));
  });

  it('asks the server for filtered pages in the chosen order', async () => {
    localStorage.setItem(TRACK_SORT_STORAGE_KEY, 'key');
    const asked: string[] = [];
    mockFetch({
      'GET /api/tracks': (_init, url) => {
        const params = new URL(url, 'http://localhost').searchParams;
        if (!params.has('q')) return json(tracks);
        asked.push(params.get('sort') ?? '');
        return json({ items: sortTracks(tracks, 'key'), nextCursor: null, total: 5, all: 5 });
      },
    });
    renderWithProviders(<JournalPage />, { path: '/?q=o' });
    await waitFor(() => expect(asked).toEqual(['key']));
    await waitFor(() => expect(shownOrder()).toEqual(orderOf('key')));
  });
});
