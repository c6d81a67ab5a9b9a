import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { PlayerTrack } from '../../player/player-context';
import { fakePlayer, WithPlayer } from '../../test/fake-player';
import { renderWithProviders } from '../../test/render';
import { TrackMoreMenu } from './track-more-menu';

const ready: PlayerTrack = {
  id: 7,
  name: 'Harbour Lights',
  mimeType: 'audio/flac',
  duration: 200,
  playable: true,
  processing: { state: 'ready', error: null },
  loudness: { integratedLufs: -14, truePeakDb: -1, loudnessRange: null },
  artist: 'ada',
  artworkUrl: '/uploads/avatars/ada-256.webp',
};

function renderMenu(track: PlayerTrack) {
  const player = fakePlayer();
  renderWithProviders(
    <WithPlayer player={player}>
      <TrackMoreMenu track={track} />
    </WithPlayer>,
  );
  return player;
}

const openMenu = async () => userEvent.click(screen.getByRole('button', { name: 'More options' }));

describe('TrackMoreMenu', () => {
  it('"Play next" hands the track to the player and says so', async () => {
    const player = renderMenu(ready);
    await openMenu();
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Play next' }));
    expect(player.playNext).toHaveBeenCalledWith(ready);
    expect(player.addToQueue).not.toHaveBeenCalled();
    expect(await screen.findByText('Playing next: Harbour Lights')).toBeTruthy();
  });

  it('"Add to queue" appends the track and says so', async () => {
    const player = renderMenu(ready);
    await openMenu();
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Add to queue' }));
    expect(player.addToQueue).toHaveBeenCalledWith(ready);
    expect(player.playNext).not.toHaveBeenCalled();
    expect(await screen.findByText('Added to queue: Harbour Lights')).toBeTruthy();
  });

  it('"Download" is a real link to the original, with the download attribute', async () => {
    renderMenu(ready);
    await openMenu();
    const link = await screen.findByRole('menuitem', { name: 'Download' });
    expect(link.tagName).toBe('A');
    expect(link.getAttribute('href')).toBe('/api/tracks/7/original');
    expect(link.hasAttribute('download')).toBe(true);
  });

  it('cannot queue a track still processing, but can download it', async () => {
    const player = renderMenu({ ...ready, playable: false, processing: { state: 'pending', error: null } });
    await openMenu();
    const playNext = await screen.findByRole('menuitem', { name: 'Play next' });
    expect(playNext.getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByRole('menuitem', { name: 'Add to queue' }).getAttribute('aria-disabled')).toBe('true');
    await userEvent.click(playNext, { pointerEventsCheck: 0 });
    expect(player.playNext).not.toHaveBeenCalled();
    expect(screen.getByRole('menuitem', { name: 'Download' }).getAttribute('aria-disabled')).toBeNull();
  });
});
