import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { PlayerBar } from './player-bar';
import { usePlayer } from './use-player';

function PlayButton() {
  const { playTrack } = usePlayer();
  const track = { id: 1, name: 'Morning Loop', mimeType: 'audio/mpeg', duration: 65 };
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
    const volume = screen.getByRole('slider', { name: 'Volume' });
    expect(volume.getAttribute('aria-valuenow')).toBe('70');
    expect(volume.hasAttribute('data-disabled')).toBe(true);
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
});
