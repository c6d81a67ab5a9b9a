import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { toPlayerTrack, trackOwner } from '../../entities/track/player-track';
import { AUTH_USER_QUERY_KEY } from '../../entities/user/use-auth';
import { usePlayer } from '../../player/use-player';
import { renderWithProviders, testUser } from '../../test/render';
import { PlayerBar } from './player-bar';

function PlayButton({ owner }: { owner?: { userId: string; artist: string } }) {
  const { playTrack } = usePlayer();
  const track = { id: 1, name: 'Morning Loop', mimeType: 'audio/mpeg', duration: 65, ...owner };
  return (
    <button type="button" onClick={() => playTrack(track, [track])}>
      start
    </button>
  );
}

const disabled = (name: string) => screen.getByRole('button', { name }).hasAttribute('disabled');

describe('PlayerBar', () => {
  it('with no track says so and disables every control', () => {
    renderWithProviders(<PlayerBar />);
    expect(screen.getByText('No track selected')).toBeTruthy();
    expect(screen.getByText('Choose a track to play')).toBeTruthy();
    expect([disabled('Previous'), disabled('Play'), disabled('Next')]).toEqual([true, true, true]);
    const volume = screen.getByRole('slider', { name: 'Volume' }) as HTMLInputElement;
    expect(volume.value).toBe('70');
    expect(volume.disabled).toBe(true);
    expect(screen.getAllByText('0:00')).toHaveLength(2);
  });

  it('shows the playing track as "Your Recording" with live controls', async () => {
    renderWithProviders(
      <>
        <PlayButton />
        <PlayerBar />
      </>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'start' }));
    expect(screen.getByText('Morning Loop')).toBeTruthy();
    expect(screen.getByText('Your Recording')).toBeTruthy();
    expect(screen.getByText('1:05')).toBeTruthy();
    expect([disabled('Previous'), disabled('Pause'), disabled('Next')]).toEqual([false, false, false]);

    await userEvent.click(screen.getByRole('button', { name: 'Pause' }));
    expect(screen.getByRole('button', { name: 'Play' })).toBeTruthy();
  });

  it("shows the owner's name instead of 'Your Recording' on someone else's track", async () => {
    const seed: [typeof AUTH_USER_QUERY_KEY, unknown][] = [[AUTH_USER_QUERY_KEY, testUser]];
    const { unmount } = renderWithProviders(
      <>
        <PlayButton owner={{ userId: 'user-2', artist: 'Grace Hopper' }} />
        <PlayerBar />
      </>,
      { seed },
    );
    await userEvent.click(screen.getByRole('button', { name: 'start' }));
    expect(screen.getByText('Grace Hopper')).toBeTruthy();
    expect(screen.queryByText('Your Recording')).toBeNull();
    unmount();

    renderWithProviders(
      <>
        <PlayButton owner={{ userId: testUser.id, artist: 'ada' }} />
        <PlayerBar />
      </>,
      { seed },
    );
    await userEvent.click(screen.getByRole('button', { name: 'start' }));
    expect(screen.getByText('Your Recording')).toBeTruthy();
  });

  it('a queued track reply keeps whose it is, and its owner as artist', () => {
    const reply = { id: 3, name: 'Dub', mimeType: 'audio/wav', duration: 9, userId: 'user-2' };
    const queued = toPlayerTrack(reply, trackOwner({ username: 'grace', updatedAt: null }));
    expect([queued.userId, queued.artist]).toEqual(['user-2', 'grace']);
  });
});
