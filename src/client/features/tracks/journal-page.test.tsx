import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TRACK_SORT_STORAGE_KEY } from '../../../shared/constants';
import { callsTo, json, mockFetch, never } from '../../test/mock-fetch';
import { renderWithProviders } from '../../test/render';
import { PlayerBar } from '../player/player-bar';
import { JournalPage } from './journal-page';
import { makeTag, makeTrack } from './test-tracks';

const tracks = [
  makeTrack({ id: 1, name: 'Morning Loop', duration: 65 }),
  makeTrack({ id: 2, name: 'Night Drone', duration: null, equipment: [makeTag({ id: 5, name: 'Juno-60' })] }),
];

const renderJournal = () =>
  renderWithProviders(
    <>
      <JournalPage />
      <PlayerBar />
    </>,
  );

const rows = () => screen.getAllByTestId('track-row');

describe('JournalPage', () => {
  it('says it is loading while the list is on its way', () => {
    mockFetch({ 'GET /api/tracks': never });
    renderJournal();
    expect(screen.getByText('Loading your tracks...')).toBeTruthy();
    expect(screen.getByText('Drop your tracks here')).toBeTruthy();
    expect(screen.getByText('Supports MP3, WAV, M4A formats, multiple files')).toBeTruthy();
  });

  it('shows the empty state', async () => {
    mockFetch({ 'GET /api/tracks': () => json([]) });
    renderJournal();
    expect(await screen.findByText('No tracks in your journal yet')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Play all' }).hasAttribute('disabled')).toBe(true);
  });

  it('lists tracks with durations, chips and the add-tags chip', async () => {
    mockFetch({ 'GET /api/tracks': () => json(tracks) });
    renderJournal();
    await screen.findByText('Morning Loop');
    const [first, second] = rows();
    expect(first?.textContent).toContain('1:05');
    expect(first?.textContent).toContain('May 01, 2024');
    expect(second?.textContent).toContain('--:--');
    expect(within(second as HTMLElement).getByRole('link', { name: 'Juno-60' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Date Added' })).toBeTruthy();

    await userEvent.click(
      within(first as HTMLElement).getByRole('button', { name: 'Click to add Notes and Tags' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit Track' });
    expect((within(dialog).getByLabelText('Track Name') as HTMLInputElement).value).toBe('Morning Loop');
  });

  it('remembers the sort choice in localStorage and asks the server for that order', async () => {
    localStorage.setItem(TRACK_SORT_STORAGE_KEY, 'dateCreated');
    const fetch = mockFetch({ 'GET /api/tracks': () => json(tracks) });
    renderJournal();
    await screen.findByText('Morning Loop');
    expect(String(callsTo(fetch, '/api/tracks')[0]?.[0])).toBe('/api/tracks?sort=dateCreated');
    expect(screen.getByRole('columnheader', { name: 'Date Created' })).toBeTruthy();
    expect(rows()[0]?.textContent).toContain('March 02, 2024');

    await userEvent.click(screen.getByRole('combobox', { name: 'Sort by' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Date Uploaded' }));
    expect(localStorage.getItem(TRACK_SORT_STORAGE_KEY)).toBe('dateUploaded');
    expect(await screen.findByRole('columnheader', { name: 'Date Added' })).toBeTruthy();
    expect(callsTo(fetch, '/api/tracks').map(([url]) => String(url))).toContain(
      '/api/tracks?sort=dateUploaded',
    );
  });

  it('defaults to Date Uploaded', async () => {
    const fetch = mockFetch({ 'GET /api/tracks': () => json(tracks) });
    renderJournal();
    await screen.findByText('Morning Loop');
    expect(String(callsTo(fetch, '/api/tracks')[0]?.[0])).toBe('/api/tracks?sort=dateUploaded');
    expect(screen.getByRole('combobox', { name: 'Sort by' }).textContent).toContain('Date Uploaded');
  });

  it('plays a row with the list as the queue, and toggles the current row', async () => {
    mockFetch({ 'GET /api/tracks': () => json(tracks) });
    renderJournal();
    await screen.findByText('Morning Loop');
    const player = screen.getByRole('region', { name: 'Player' });

    await userEvent.click(screen.getByRole('button', { name: 'Play Night Drone' }));
    expect(within(player).getByText('Night Drone')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Pause Night Drone' }));
    expect(screen.getByRole('button', { name: 'Play Night Drone' })).toBeTruthy();
    expect(within(player).getByRole('button', { name: 'Play' })).toBeTruthy();

    // The queue is the sorted list: next from the last wraps to the first.
    await userEvent.click(within(player).getByRole('button', { name: 'Next' }));
    expect(within(player).getByText('Morning Loop')).toBeTruthy();
  });

  it('the big button plays the sorted list from the first track, then pauses it', async () => {
    mockFetch({ 'GET /api/tracks': () => json(tracks) });
    renderJournal();
    await screen.findByText('Morning Loop');
    const player = screen.getByRole('region', { name: 'Player' });
    await userEvent.click(screen.getByRole('button', { name: 'Play all' }));
    expect(within(player).getByText('Morning Loop')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Pause all' }));
    expect(within(player).getByRole('button', { name: 'Play' })).toBeTruthy();
  });
});
