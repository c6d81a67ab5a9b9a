import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TIMINGS } from '../../../shared/constants';
import type { Track } from '../../../shared/schemas/tracks';
import { makeTrack } from '../../entities/track/test-tracks';
import { POLL_EACH_UP_TO } from '../../entities/track/use-tracks';
import { resetCsrfToken } from '../../lib/api-client';
import { fakePlayer, WithPlayer } from '../../test/fake-player';
import { callsTo, json, mockFetch } from '../../test/mock-fetch';
import { renderWithProviders, testUser } from '../../test/render';
import { JournalPage } from './journal-page';

const pending = (t: Partial<Track>) =>
  makeTrack({ ...t, playable: false, processing: { state: 'pending', error: null }, loudness: null });
const failed = (t: Partial<Track>, error: string) =>
  makeTrack({ ...t, playable: false, processing: { state: 'failed', error }, loudness: null });

const renderJournal = () => {
  const player = fakePlayer();
  const view = renderWithProviders(
    <WithPlayer player={player}>
      <JournalPage />
    </WithPlayer>,
    { seed: [[['/api/auth/user'], testUser]] },
  );
  return { ...view, player };
};

const rowOf = (name: string) =>
  screen.getAllByTestId('track-row').find((r) => r.textContent?.includes(name)) as HTMLElement;

beforeEach(() => resetCsrfToken());
afterEach(() => vi.useRealTimers());

describe('Journal: processing state', () => {
  it('a pending row says Processing… politely, and its play button is disabled with the reason', async () => {
    mockFetch({ 'GET /api/tracks': () => json([pending({ id: 3, name: 'Fresh Take' })]) });
    const { player } = renderJournal();
    const status = await screen.findByText('Processing…');
    expect(status.closest('[aria-live="polite"]')).toBeTruthy();

    const play = within(rowOf('Fresh Take')).getByRole('button', {
      name: 'Play Fresh Take: Not playable yet: still processing',
    });
    expect(play.getAttribute('aria-disabled')).toBe('true');
    // The button stays focusable, and focusing it shows the reason.
    act(() => play.focus());
    expect((await screen.findByRole('tooltip')).textContent).toContain('Not playable yet: still processing');
    await userEvent.click(play);
    expect(player.playTrack).not.toHaveBeenCalled();
  });

  it('a failed row shows the reason; Retry posts with the CSRF token and the row is pending again', async () => {
    let state: 'failed' | 'pending' = 'failed';
    const current = () =>
      state === 'failed'
        ? failed({ id: 4, name: 'Broken Take' }, 'The file is not audio ffmpeg can decode')
        : pending({ id: 4, name: 'Broken Take' });
    const fetch = mockFetch({
      'GET /api/auth/csrf-token': () => json({ csrfToken: 'tok' }),
      'GET /api/tracks': () => json([current()]),
      'POST /api/tracks/4/process': () => {
        state = 'pending';
        return json(current(), 202);
      },
    });
    renderJournal();
    const row = await waitFor(() => rowOf('Broken Take'));
    expect(within(row).getByText('Could not process: The file is not audio ffmpeg can decode')).toBeTruthy();
    expect(
      within(row).getByRole('button', { name: 'Play Broken Take: Cannot be played: processing failed' }),
    ).toBeTruthy();

    await userEvent.click(within(row).getByRole('button', { name: 'Retry processing Broken Take' }));
    expect(await within(row).findByText('Processing…')).toBeTruthy();
    expect(within(row).queryByText(/Could not process/)).toBeNull();
    const [[, init]] = callsTo(fetch, '/api/tracks/4/process') as [[string, RequestInit]];
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>)['x-csrf-token']).toBe('tok');
    // The list is read again after the retry.
    await waitFor(() => expect(callsTo(fetch, '/api/tracks').length).toBeGreaterThanOrEqual(2));
  });

  it('says why a retry was refused', async () => {
    mockFetch({
      'GET /api/auth/csrf-token': () => json({ csrfToken: 'tok' }),
      'GET /api/tracks': () => json([failed({ id: 4, name: 'Broken Take' }, 'Unreadable')]),
      'POST /api/tracks/4/process': () =>
        json({ statusCode: 409, error: 'Conflict', message: 'This track is not failed' }, 409),
    });
    renderJournal();
    await userEvent.click(await screen.findByRole('button', { name: 'Retry processing Broken Take' }));
    expect(await screen.findByText('Retry failed')).toBeTruthy();
    expect(screen.getByText('This track is not failed')).toBeTruthy();
  });

  it('reads only the pending tracks every few seconds, patches them in, and stops once none is', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let reads = 0;
    const fetch = mockFetch({
      'GET /api/tracks': () =>
        json([pending({ id: 5, name: 'Slow Take' }), makeTrack({ id: 6, name: 'Old Take' })]),
      'GET /api/tracks/5': () => {
        reads += 1;
        // Pending on the first read, ready from the second.
        const track =
          reads < 2 ? pending({ id: 5, name: 'Slow Take' }) : makeTrack({ id: 5, name: 'Slow Take' });
        return json({ track, user: testUser });
      },
    });
    renderJournal();
    await screen.findByText('Processing…');
    expect(callsTo(fetch, '/api/tracks')).toHaveLength(1);

    await vi.advanceTimersByTimeAsync(TIMINGS.processingPollMs);
    await waitFor(() => expect(callsTo(fetch, '/api/tracks/5')).toHaveLength(1));
    expect(screen.getByText('Processing…')).toBeTruthy();

    await vi.advanceTimersByTimeAsync(TIMINGS.processingPollMs);
    await waitFor(() => expect(screen.queryByText('Processing…')).toBeNull());
    expect(callsTo(fetch, '/api/tracks/5')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Play Slow Take' }).getAttribute('aria-disabled')).toBeNull();
    // The rest of the journal was neither read again nor polled.
    expect(callsTo(fetch, '/api/tracks')).toHaveLength(1);
    expect(callsTo(fetch, '/api/tracks/6')).toHaveLength(0);

    // Nothing pending any more: no further reads.
    await vi.advanceTimersByTimeAsync(TIMINGS.processingPollMs * 5);
    expect(callsTo(fetch, '/api/tracks/5')).toHaveLength(2);
    expect(callsTo(fetch, '/api/tracks')).toHaveLength(1);
  });

  it(`reads the whole list instead when more than ${POLL_EACH_UP_TO} tracks are pending`, async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let reads = 0;
    const batch = (state: 'pending' | 'ready') =>
      Array.from({ length: POLL_EACH_UP_TO + 1 }, (_, i) =>
        state === 'pending' ? pending({ id: 100 + i }) : makeTrack({ id: 100 + i }),
      );
    const fetch = mockFetch({
      'GET /api/tracks': () => {
        reads += 1;
        return json(batch(reads < 2 ? 'pending' : 'ready'));
      },
    });
    renderJournal();
    await screen.findAllByText('Processing…');
    await vi.advanceTimersByTimeAsync(TIMINGS.processingPollMs);
    await waitFor(() => expect(screen.queryByText('Processing…')).toBeNull());
    expect(callsTo(fetch, '/api/tracks')).toHaveLength(2);
    expect(fetch.mock.calls.filter(([url]) => /\/api\/tracks\/\d+/.test(String(url)))).toHaveLength(0);
  });

  it('reads the list when a pending track can no longer be read (deleted meanwhile)', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let listReads = 0;
    const fetch = mockFetch({
      'GET /api/tracks': () => {
        listReads += 1;
        return json(listReads < 2 ? [pending({ id: 8, name: 'Gone Take' })] : []);
      },
      // No route for /api/tracks/8: the mock answers 404.
    });
    renderJournal();
    await screen.findByText('Processing…');
    await vi.advanceTimersByTimeAsync(TIMINGS.processingPollMs);
    expect(await screen.findByText('No tracks in your journal yet')).toBeTruthy();
    expect(callsTo(fetch, '/api/tracks/8')).toHaveLength(1);
    expect(callsTo(fetch, '/api/tracks')).toHaveLength(2);
  });

  it('does not poll a list with nothing pending', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const fetch = mockFetch({
      'GET /api/tracks': () =>
        json([failed({ id: 6, name: 'Dead Take' }, 'Unreadable'), makeTrack({ id: 7 })]),
    });
    renderJournal();
    await screen.findByText('Could not process: Unreadable');
    await vi.advanceTimersByTimeAsync(TIMINGS.processingPollMs * 5);
    expect(callsTo(fetch, '/api/tracks')).toHaveLength(1);
  });
});
