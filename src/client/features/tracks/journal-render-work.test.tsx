import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Profiler, type ReactNode, useMemo, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { toPlayerTrack, trackOwner } from '../../entities/track/player-track';
import { makeTrack } from '../../entities/track/test-tracks';
import { TRACKS_KEY } from '../../entities/track/use-tracks';
import { fakePlayer, WithPlayer } from '../../test/fake-player';
import { json, mockFetch } from '../../test/mock-fetch';
import { renderWithProviders } from '../../test/render';
import { JournalPage } from './journal-page';

// Each row draws one heart: counting the hearts drawn counts the rows drawn. A file of its own in
// its own process (vitest.config.ts, CLIENT_OWN_PROCESS), as it replaces a module.
const heartsDrawn = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../entities/track/like-button', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../entities/track/like-button')>();
  return {
    ...real,
    LikeButton: (props: Parameters<typeof real.LikeButton>[0]) => {
      heartsDrawn.count += 1;
      return real.LikeButton(props);
    },
  };
});

const tracks = Array.from({ length: 6 }, (_, i) => makeTrack({ id: i + 1, name: `Take ${i + 1}` }));

/** The player's clock as the real player moves it: a new context value each tick. */
let setClock: (seconds: number) => void = () => {};
const base = fakePlayer({
  currentTrack: toPlayerTrack(tracks[1] as (typeof tracks)[number], trackOwner(null)),
  isPlaying: true,
  duration: 100,
});
function TickingPlayer({ children }: { children: ReactNode }) {
  const [currentTime, setCurrentTime] = useState(0);
  setClock = setCurrentTime;
  const player = useMemo(() => ({ ...base, currentTime }), [currentTime]);
  return <WithPlayer player={player}>{children}</WithPlayer>;
}

describe('journal rows drawn again only when they change (decision 0932)', () => {
  it('does not draw the rows again as the player’s clock moves, and each row still plays its own track', async () => {
    mockFetch({ 'GET /api/tracks': () => json(tracks) });
    renderWithProviders(
      <TickingPlayer>
        <JournalPage />
      </TickingPlayer>,
    );
    await screen.findByText('Take 6');
    expect(heartsDrawn.count).toBeGreaterThanOrEqual(tracks.length);

    heartsDrawn.count = 0;
    for (const seconds of [1, 2, 3, 4]) act(() => setClock(seconds));
    expect(heartsDrawn.count).toBe(0);

    // The handlers one function serves for every row still act on the row's own track.
    await userEvent.click(screen.getByRole('button', { name: 'Play Take 4' }));
    expect(base.playTrack).toHaveBeenCalledWith(expect.objectContaining({ id: 4 }), expect.any(Array));
    await userEvent.click(screen.getByRole('button', { name: 'Pause Take 2' }));
    expect(base.togglePlay).toHaveBeenCalledTimes(1);
  });
});

describe('the first rows in a render of their own (decision 0932)', () => {
  it('commits the answer first with the list still loading, then the rows in a deferred render', async () => {
    // The filter bar's chunk in first, so only the deferral can keep the rows back.
    await import('./track-filter-bar');
    mockFetch({ 'GET /api/tracks': () => json(tracks) });
    const commits: Array<{ loading: boolean; rows: number }> = [];
    let answered = () => false;
    const { queryClient } = renderWithProviders(
      <Profiler
        id="journal"
        onRender={() => {
          if (!answered()) return;
          commits.push({
            loading: screen.queryByText('Loading your tracks...') !== null,
            rows: screen.queryAllByTestId('track-row').length,
          });
        }}
      >
        <JournalPage />
      </Profiler>,
    );
    answered = () => queryClient.getQueryData(TRACKS_KEY) !== undefined;
    await screen.findByText('Take 6');
    expect(commits[0]).toEqual({ loading: true, rows: 0 });
    expect(commits.at(-1)?.rows).toBe(tracks.length);
  });
});
