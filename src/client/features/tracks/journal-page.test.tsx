import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TRACK_SORT_STORAGE_KEY } from '../../../shared/constants';
import { sortTracks } from '../../../shared/schemas/tracks';
import { makeTag, makeTrack } from '../../entities/track/test-tracks';
import { fakePlayer, WithPlayer } from '../../test/fake-player';
import { callsTo, json, mockFetch, never } from '../../test/mock-fetch';
import { renderWithProviders, testUser } from '../../test/render';
import { PlayerBar } from '../player-bar/player-bar';
import { JournalPage } from './journal-page';

const tracks = [
  // Uploaded last but recorded first, so the two sorts give different orders.
  makeTrack({
    id: 1,
    name: 'Morning Loop',
    duration: 65,
    createdAt: '2024-06-01T12:00:00.000Z',
    fileCreatedAt: '2023-01-01T10:00:00.000Z',
  }),
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
  it("shows each row's number beside its play button, not inside it (label in name, issue 13)", async () => {
    mockFetch({ 'GET /api/tracks': () => json(tracks) });
    renderJournal();
    await screen.findByText('Morning Loop');
    const play = screen.getByRole('button', { name: 'Play Night Drone' });
    // A button showing "2" but named "Play Night Drone" fails WCAG 2.5.3; the number is its neighbour.
    expect(play.textContent).toBe('');
    expect(play.parentElement?.textContent).toMatch(/^\d+$/);
  });

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
    expect(first?.textContent).toContain('June 01, 2024');
    expect(second?.textContent).toContain('--:--');
    expect(within(second as HTMLElement).getByRole('link', { name: 'Juno-60' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Date Added' })).toBeTruthy();

    await userEvent.click(
      within(first as HTMLElement).getByRole('button', { name: 'Click to add Notes and Tags' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit Track' });
    expect((within(dialog).getByLabelText('Track Name') as HTMLInputElement).value).toBe('Morning Loop');
  });

  it('remembers the sort choice in localStorage and orders the one list by it', async () => {
    localStorage.setItem(TRACK_SORT_STORAGE_KEY, 'dateCreated');
    const fetch = mockFetch({ 'GET /api/tracks': () => json(tracks) });
    renderJournal();
    await screen.findByText('Morning Loop');
    expect(screen.getByRole('columnheader', { name: 'Date Created' })).toBeTruthy();
    const byFileDate = sortTracks(tracks, 'dateCreated').map((t) => t.name);
    expect(rows().map((r) => byFileDate.find((name) => r.textContent?.includes(name)))).toEqual(byFileDate);

    await userEvent.click(screen.getByRole('combobox', { name: 'Sort by' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Date Uploaded' }));
    expect(localStorage.getItem(TRACK_SORT_STORAGE_KEY)).toBe('dateUploaded');
    expect(await screen.findByRole('columnheader', { name: 'Date Added' })).toBeTruthy();
    const byUpload = sortTracks(tracks, 'dateUploaded').map((t) => t.name);
    expect(byUpload).not.toEqual(byFileDate);
    expect(rows().map((r) => byUpload.find((name) => r.textContent?.includes(name)))).toEqual(byUpload);
    // Re-ordering is local: the list was fetched once.
    expect(callsTo(fetch, '/api/tracks')).toHaveLength(1);
  });

  it('defaults to Date Uploaded', async () => {
    mockFetch({ 'GET /api/tracks': () => json(tracks) });
    renderJournal();
    await screen.findByText('Morning Loop');
    expect(screen.getByRole('combobox', { name: 'Sort by' }).textContent).toContain('Date Uploaded');
    expect(screen.getByRole('columnheader', { name: 'Date Added' })).toBeTruthy();
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

  describe('queue and download (issue 10)', () => {
    const ada = { ...testUser, avatarUrl: '/uploads/avatars/ada', updatedAt: '2024-02-03T04:05:06.000Z' };
    const adaArtwork = `/uploads/avatars/ada-256.webp?v=${Date.parse(ada.updatedAt)}`;
    const renderWithFakePlayer = () => {
      const player = fakePlayer();
      renderWithProviders(
        <WithPlayer player={player}>
          <JournalPage />
        </WithPlayer>,
        { seed: [[['/api/auth/user'], ada]] },
      );
      return player;
    };

    it('queued tracks carry the owner as artist, the avatar as artwork, and their media state', async () => {
      mockFetch({ 'GET /api/tracks': () => json(tracks) });
      const player = renderWithFakePlayer();
      await userEvent.click(await screen.findByRole('button', { name: 'Play Night Drone' }));
      const [track, queue] = vi.mocked(player.playTrack).mock.calls[0] ?? [];
      expect(track).toMatchObject({ id: 2, name: 'Night Drone', artist: 'ada', artworkUrl: adaArtwork });
      expect(queue).toHaveLength(2);
      for (const queued of queue ?? [])
        expect(queued).toMatchObject({
          artist: 'ada',
          artworkUrl: adaArtwork,
          playable: true,
          processing: { state: 'ready', error: null },
          loudness: null,
        });

      await userEvent.click(screen.getByRole('button', { name: 'Play all' }));
      expect(vi.mocked(player.playAll).mock.calls[0]?.[0]?.map((t) => t.artist)).toEqual(['ada', 'ada']);
    });

    it("each row's More options menu plays next, adds to the queue and downloads", async () => {
      mockFetch({ 'GET /api/tracks': () => json(tracks) });
      const player = renderWithFakePlayer();
      const row = () => screen.getAllByTestId('track-row')[0] as HTMLElement;
      await screen.findByText('Morning Loop');

      await userEvent.click(within(row()).getByRole('button', { name: 'More options' }));
      await userEvent.click(await screen.findByRole('menuitem', { name: 'Play next' }));
      expect(player.playNext).toHaveBeenCalledWith(
        expect.objectContaining({ id: 1, artist: 'ada', artworkUrl: adaArtwork, playable: true }),
      );
      expect(await screen.findByText('Playing next: Morning Loop')).toBeTruthy();

      await userEvent.click(within(row()).getByRole('button', { name: 'More options' }));
      await userEvent.click(await screen.findByRole('menuitem', { name: 'Add to queue' }));
      expect(player.addToQueue).toHaveBeenCalledWith(expect.objectContaining({ id: 1, artist: 'ada' }));
      expect(await screen.findByText('Added to queue: Morning Loop')).toBeTruthy();

      await userEvent.click(within(row()).getByRole('button', { name: 'More options' }));
      const download = await screen.findByRole('menuitem', { name: 'Download' });
      expect(download.getAttribute('href')).toBe('/api/tracks/1/original');
      expect(download.hasAttribute('download')).toBe(true);
    });
  });
});
