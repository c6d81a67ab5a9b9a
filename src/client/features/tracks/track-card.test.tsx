import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetCsrfToken } from '../../lib/api-client';
import { callsTo, json, mockFetch } from '../../test/mock-fetch';
import { renderWithProviders } from '../../test/render';
import { PlayerBar } from '../player/player-bar';
import { makeTrack } from './test-tracks';
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

const fact = (label: string) => screen.getByText(label).nextElementSibling?.textContent;

beforeEach(() => resetCsrfToken());

describe('TrackCard', () => {
  it('shows name, relative date, duration, size, format and notes', () => {
    renderWithProviders(<TrackCard track={track} />);
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
      <TrackCard track={{ ...track, duration: null, createdAt: '', notes: null, size: 512 }} />,
    );
    expect(fact('Duration')).toBe('Unknown');
    expect(fact('File Size')).toBe('512 B');
    expect(screen.getByText('Unknown date')).toBeTruthy();
    expect(screen.queryByText('Notes')).toBeNull();
  });

  it('hides the menu in the public view', () => {
    renderWithProviders(<TrackCard track={track} publicView />);
    expect(screen.queryByRole('button', { name: 'Track options' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Play Tape Loop' })).toBeTruthy();
  });

  it('plays and pauses through the shared player', async () => {
    renderWithProviders(
      <>
        <TrackCard track={track} />
        <PlayerBar />
      </>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Play Tape Loop' }));
    const player = screen.getByRole('region', { name: 'Player' });
    expect(within(player).getByText('Tape Loop')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Pause Tape Loop' }));
    expect(within(player).getByRole('button', { name: 'Play' })).toBeTruthy();
  });

  it('plays AIFF through the stream (issue 10); only a failed track says why it cannot', async () => {
    const { unmount } = renderWithProviders(<TrackCard track={{ ...track, mimeType: 'audio/aiff' }} />);
    expect(fact('Format')).toBe('AIFF');
    await userEvent.click(screen.getByRole('button', { name: 'Play Tape Loop' }));
    expect(screen.getByRole('button', { name: 'Pause Tape Loop' })).toBeTruthy();
    unmount();

    const failed = {
      ...track,
      playable: false,
      processing: { state: 'failed' as const, error: 'Not audio' },
    };
    renderWithProviders(<TrackCard track={failed} />);
    await userEvent.click(screen.getByRole('button', { name: 'Play Tape Loop' }));
    expect(await screen.findByText('Cannot Play File')).toBeTruthy();
    expect(screen.getByText('Not audio')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Play Tape Loop' })).toBeTruthy();
  });

  it('copies the share link', async () => {
    const user = userEvent.setup();
    renderWithProviders(<TrackCard track={track} />);
    await user.click(screen.getByRole('button', { name: 'Track options' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Share Link' }));
    expect(await screen.findByText('Link Copied')).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/track/42`);
  });

  it('says when copying fails', async () => {
    const user = userEvent.setup();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    renderWithProviders(<TrackCard track={track} />);
    await user.click(screen.getByRole('button', { name: 'Track options' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Share Link' }));
    expect(await screen.findByText('Failed to copy link')).toBeTruthy();
  });

  it('deletes after the generic confirmation', async () => {
    const fetch = mockFetch({
      'GET /api/auth/csrf-token': () => json({ csrfToken: 't' }),
      'DELETE /api/tracks/42': () => json({ success: true }),
    });
    renderWithProviders(<TrackCard track={track} />);
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
});
