import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeTrack } from '../../entities/track/test-tracks';
import { resetCsrfToken } from '../../lib/api-client';
import { fakePlayer, WithPlayer } from '../../test/fake-player';
import { callsTo, json, mockFetch } from '../../test/mock-fetch';
import { renderWithProviders } from '../../test/render';
import { PlayerBar } from '../player-bar/player-bar';
import { TrackCard } from './track-card';

const threeDaysAgo = new Date(Date.now() - 3 * 24 * 60 * 60 * 1000).toISOString();
const track = makeTrack({
  id: 42,
  name: 'Tape Loop',
  createdAt: threeDaysAgo,
  duration: 125,
  size: 1_572_864,
  mimeType: 'audio/mpeg',
  notes: 'Recorded on the porch.',
});

const owner = { artist: 'ada', artworkUrl: null };

const fact = (label: string) => screen.getByText(label).nextElementSibling?.textContent;

beforeEach(() => resetCsrfToken());

describe('TrackCard', () => {
  it('shows name, relative date, duration, size, format and notes', () => {
    renderWithProviders(<TrackCard track={track} owner={owner} />);
    expect(screen.getByRole('heading', { name: 'Tape Loop' })).toBeTruthy();
    expect(screen.getByText('3 days ago')).toBeTruthy();
    expect(fact('Duration')).toBe('2:05');
    expect(fact('File Size')).toBe('1.5 MB');
    expect(fact('Format')).toBe('MPEG');
    expect(screen.getByText('Notes')).toBeTruthy();
    expect(screen.getByText('Recorded on the porch.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Track options' })).toBeTruthy();
  });

  it('says Unknown for a missing duration and date', () => {
    renderWithProviders(
      <TrackCard track={{ ...track, duration: null, createdAt: '', notes: null, size: 512 }} owner={owner} />,
    );
    expect(fact('Duration')).toBe('Unknown');
    expect(fact('File Size')).toBe('512 B');
    expect(screen.getByText('Unknown date')).toBeTruthy();
    expect(screen.queryByText('Notes')).toBeNull();
  });

  it('hides the menu in the public view', () => {
    renderWithProviders(<TrackCard track={track} owner={owner} publicView />);
    expect(screen.queryByRole('button', { name: 'Track options' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Play Tape Loop' })).toBeTruthy();
  });

  it('plays and pauses through the shared player', async () => {
    renderWithProviders(
      <>
        <TrackCard track={track} owner={owner} />
        <PlayerBar />
      </>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Play Tape Loop' }));
    const player = screen.getByRole('region', { name: 'Player' });
    expect(within(player).getByText('Tape Loop')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Pause Tape Loop' }));
    expect(within(player).getByRole('button', { name: 'Play' })).toBeTruthy();
  });

  it('plays AIFF through the stream (issue 10)', async () => {
    renderWithProviders(<TrackCard track={{ ...track, mimeType: 'audio/aiff' }} owner={owner} />);
    expect(fact('Format')).toBe('AIFF');
    await userEvent.click(screen.getByRole('button', { name: 'Play Tape Loop' }));
    expect(screen.getByRole('button', { name: 'Pause Tape Loop' })).toBeTruthy();
  });

  it('copies the link to the track page, its title links there', async () => {
    const user = userEvent.setup();
    renderWithProviders(<TrackCard track={{ ...track, visibility: 'public' }} owner={owner} />);
    expect(screen.getByRole('link', { name: 'Tape Loop' }).getAttribute('href')).toBe('/track/42');
    await user.click(screen.getByRole('button', { name: 'Track options' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Copy link' }));
    expect(await screen.findByText('Link copied')).toBeTruthy();
    expect(await screen.findByText('Anyone with the link can open it.')).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/track/42`);
  });

  it('a private track: the item and the toast say who can open the link (decision 0143)', async () => {
    const user = userEvent.setup();
    renderWithProviders(<TrackCard track={{ ...track, visibility: 'private' }} owner={owner} />);
    expect(screen.getByTestId('visibility-badge').getAttribute('data-visibility')).toBe('private');
    await user.click(screen.getByRole('button', { name: 'Track options' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Copy link (private)' }));
    expect(
      await screen.findByText('This track is private: only people who can already see it can open the link.'),
    ).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/track/42`);
  });

  it('says when copying fails', async () => {
    const user = userEvent.setup();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    renderWithProviders(<TrackCard track={track} owner={owner} />);
    await user.click(screen.getByRole('button', { name: 'Track options' }));
    await user.click(await screen.findByRole('menuitem', { name: /^Copy link/ }));
    expect(await screen.findByText('Could not copy the link')).toBeTruthy();
    expect(await screen.findByText(`${window.location.origin}/track/42`)).toBeTruthy();
  });

  it('deletes after the generic confirmation', async () => {
    const fetch = mockFetch({
      'GET /api/auth/csrf-token': () => json({ csrfToken: 't' }),
      'DELETE /api/tracks/42': () => json({ success: true }),
    });
    renderWithProviders(<TrackCard track={track} owner={owner} />);
    await userEvent.click(screen.getByRole('button', { name: 'Track options' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete Track' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm.textContent).toContain(
      'Are you sure you want to delete this track? This action cannot be undone.',
    );
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Track deleted')).toBeTruthy();
    expect(callsTo(fetch, '/api/tracks/42')).toHaveLength(1);
  });

  it("the owner's menu also plays next, adds to the queue and downloads", async () => {
    const user = userEvent.setup();
    const player = fakePlayer();
    renderWithProviders(
      <WithPlayer player={player}>
        <TrackCard track={track} owner={owner} />
      </WithPlayer>,
    );
    await user.click(screen.getByRole('button', { name: 'Track options' }));
    expect(screen.getByRole('menuitem', { name: /^Copy link/ })).toBeTruthy();
    await user.click(await screen.findByRole('menuitem', { name: 'Play next' }));
    expect(player.playNext).toHaveBeenCalledWith(expect.objectContaining({ id: 42, artist: 'ada' }));
    expect(await screen.findByText('Playing next: Tape Loop')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Track options' }));
    expect((await screen.findByRole('menuitem', { name: 'Download' })).getAttribute('href')).toBe(
      '/api/tracks/42/original',
    );
  });

  it('a failed card shows the reason, with Retry for the owner only', async () => {
    const broken = {
      ...track,
      playable: false,
      processing: { state: 'failed' as const, error: 'Unreadable' },
    };
    const fetch = mockFetch({
      'GET /api/auth/csrf-token': () => json({ csrfToken: 't' }),
      'POST /api/tracks/42/process': () =>
        json({ ...broken, processing: { state: 'pending', error: null } }, 202),
    });
    const { unmount } = renderWithProviders(<TrackCard track={broken} owner={owner} publicView />);
    expect(screen.getByText('Could not process: Unreadable')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Retry/ })).toBeNull();
    expect(
      screen.getByRole('button', { name: 'Play Tape Loop: Cannot be played: processing failed' }),
    ).toBeTruthy();
    unmount();

    renderWithProviders(<TrackCard track={broken} owner={owner} />);
    await userEvent.click(screen.getByRole('button', { name: 'Retry processing Tape Loop' }));
    await waitFor(() => expect(callsTo(fetch, '/api/tracks/42/process')).toHaveLength(1));
  });
});
