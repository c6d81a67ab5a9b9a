import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { PlayerContextValue, PlayerTrack } from '../../player/player-context';
import { usePlayer } from '../../player/use-player';
import { renderWithProviders } from '../../test/render';
import { layOutStackedRows } from '../../test/stacked-rows';
import { PlayerBar } from './player-bar';

const ROW = 48;
const tracks: PlayerTrack[] = ['Alpha', 'Bravo', 'Charlie', 'Delta'].map((name, i) => ({
  id: i + 1,
  name,
  duration: 60,
}));

let player: PlayerContextValue;
function Probe() {
  player = usePlayer();
  return null;
}

const layOutRows = () => layOutStackedRows('data-queue-track-id', { rowHeight: ROW, width: 400 });

async function openQueue() {
  renderWithProviders(
    <>
      <Probe />
      <PlayerBar />
    </>,
  );
  act(() => player.playTrack(tracks[0] as PlayerTrack, tracks));
  await userEvent.click(screen.getByRole('button', { name: 'Queue' }));
  return screen.findByRole('dialog', { name: 'Queue' });
}

const nextUp = () =>
  within(screen.getByRole('list', { name: 'Next up' }))
    .getAllByRole('listitem')
    .map((row) => row.querySelector('span')?.textContent);

beforeEach(layOutRows);

describe('the queue panel', () => {
  it('shows what plays now and next, and removes a track from the queue', async () => {
    const panel = await openQueue();
    expect(within(panel).getByTestId('queue-now-playing').textContent).toBe('Alpha');
    expect(nextUp()).toEqual(['Bravo', 'Charlie', 'Delta']);
    await userEvent.click(within(panel).getByRole('button', { name: 'Remove Charlie from the queue' }));
    expect(nextUp()).toEqual(['Bravo', 'Delta']);
    expect(player.playlist.map((t) => t.name)).toEqual(['Alpha', 'Bravo', 'Delta']);
    act(() => player.next());
    act(() => player.next());
    expect(player.currentTrack?.name).toBe('Delta');
  });

  it('reorders by keyboard: Space lifts, ArrowDown moves one place, Space drops; play order follows', async () => {
    await openQueue();
    screen.getByRole('button', { name: 'Drag Bravo to reorder' }).focus();
    await userEvent.keyboard('[Space]');
    await userEvent.keyboard('[ArrowDown]');
    await userEvent.keyboard('[Space]');
    expect(nextUp()).toEqual(['Charlie', 'Bravo', 'Delta']);
    // The keys moved the row, not the playback: still playing, from the start.
    expect(player.isPlaying).toBe(true);
    expect(player.currentTime).toBe(0);
    act(() => player.next());
    expect(player.currentTrack?.name).toBe('Charlie');
  });

  it('with repeat on lists the start of the queue after its end; clear empties what is next', async () => {
    const panel = await openQueue();
    act(() => player.playTrack(tracks[2] as PlayerTrack));
    expect(nextUp()).toEqual(['Delta', 'Alpha', 'Bravo']);
    await userEvent.click(within(panel).getByRole('button', { name: 'Repeat: all' }));
    expect(player.repeat).toBe('one');
    await userEvent.click(within(panel).getByRole('button', { name: 'Repeat: this track' }));
    expect(player.repeat).toBe('off');
    expect(nextUp()).toEqual(['Delta']);
    await userEvent.click(within(panel).getByRole('button', { name: 'Clear' }));
    expect(within(panel).getByText('Nothing plays after this track.')).toBeTruthy();
    expect(player.playlist.map((t) => t.name)).toEqual(['Alpha', 'Bravo', 'Charlie']);
    expect(player.currentTrack?.name).toBe('Charlie');
  });

  it('has the shuffle and loudness levelling switches', async () => {
    const panel = await openQueue();
    const shuffle = within(panel).getByRole('button', { name: 'Shuffle' });
    expect(shuffle.getAttribute('aria-pressed')).toBe('false');
    await userEvent.click(shuffle);
    expect(player.shuffle).toBe(true);
    expect(player.playlist[0]?.name).toBe('Alpha');
    const levelling = within(panel).getByRole('switch', { name: 'Level loudness' });
    expect(levelling.getAttribute('aria-checked')).toBe('true');
    await userEvent.click(levelling);
    expect(player.levelling).toBe(false);
    expect(JSON.parse(localStorage.getItem('playerSettings') ?? '{}')).toMatchObject({
      shuffle: true,
      levelling: false,
    });
  });
});
