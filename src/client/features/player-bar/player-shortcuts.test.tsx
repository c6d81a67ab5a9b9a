import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { PlayerContextValue, PlayerTrack } from '../../player/player-context';
import { usePlayer } from '../../player/use-player';
import { renderWithProviders } from '../../test/render';
import { PlayerBar } from './player-bar';

const tracks: PlayerTrack[] = ['Alpha', 'Bravo', 'Charlie'].map((name, i) => ({
  id: i + 1,
  name,
  duration: 60,
}));

let player: PlayerContextValue;
function Probe() {
  player = usePlayer();
  return null;
}

function setup(extra?: React.ReactNode) {
  const { unmount } = renderWithProviders(
    <>
      <Probe />
      {extra}
      <PlayerBar />
    </>,
  );
  act(() => player.playTrack(tracks[1] as PlayerTrack, tracks));
  return Object.assign(screen.getByTestId('audio-player') as HTMLAudioElement, { unmount });
}

describe('keyboard shortcuts (issue 10)', () => {
  it('Space plays and pauses, and does not also click the focused button', async () => {
    const clicked = vi.fn();
    setup(
      <button type="button" onClick={clicked}>
        Elsewhere
      </button>,
    );
    screen.getByRole('button', { name: 'Elsewhere' }).focus();
    await userEvent.keyboard('[Space]');
    expect(player.isPlaying).toBe(false);
    await userEvent.keyboard('[Space]');
    expect(player.isPlaying).toBe(true);
    expect(clicked).not.toHaveBeenCalled();
  });

  it("leaves the arrows to a focused slider, but Space and M stay the player's", async () => {
    setup();
    const volume = screen.getByRole('slider', { name: 'Volume' }) as HTMLInputElement;
    volume.focus();
    await userEvent.keyboard('[ArrowRight]');
    // The slider's own arrow, not a 5 s seek on top of it.
    expect(player.currentTime).toBe(0);
    await userEvent.keyboard('[Space]');
    expect(player.isPlaying).toBe(false);
    await userEvent.keyboard('m');
    expect(player.muted).toBe(true);
  });

  it('is ignored while typing in a text field, and with Ctrl, Meta or Alt', async () => {
    setup(<input aria-label="Notes" />);
    await userEvent.click(screen.getByRole('textbox', { name: 'Notes' }));
    await userEvent.keyboard(' m[ArrowRight]');
    expect(player.isPlaying).toBe(true);
    expect(player.muted).toBe(false);
    expect((screen.getByRole('textbox', { name: 'Notes' }) as HTMLInputElement).value).toBe(' m');
    screen.getByRole('textbox', { name: 'Notes' }).blur();
    await userEvent.keyboard('{Control>}[ArrowRight]{/Control}{Alt>}m{/Alt}{Meta>}[Space]{/Meta}');
    expect(player.currentTime).toBe(0);
    expect(player.muted).toBe(false);
    expect(player.isPlaying).toBe(true);
  });

  it('←/→ seek 5 s; Shift+←/→ go to the previous and next track', async () => {
    const audio = setup();
    act(() => player.seek(20));
    await userEvent.keyboard('[ArrowRight]');
    expect(audio.currentTime).toBe(25);
    await userEvent.keyboard('[ArrowLeft][ArrowLeft]');
    expect(audio.currentTime).toBe(15);
    await userEvent.keyboard('{Shift>}[ArrowRight]{/Shift}');
    expect(player.currentTrack?.name).toBe('Charlie');
    await userEvent.keyboard('{Shift>}[ArrowLeft][ArrowLeft]{/Shift}');
    expect(player.currentTrack?.name).toBe('Alpha');
  });

  it('M mutes and unmutes the element', async () => {
    const audio = setup();
    await userEvent.keyboard('m');
    expect(audio.muted).toBe(true);
    expect(screen.getByRole('button', { name: 'Unmute' })).toBeTruthy();
    await userEvent.keyboard('M');
    expect(audio.muted).toBe(false);
  });

  it('? opens the list of shortcuts', async () => {
    setup();
    await userEvent.keyboard('?');
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(dialog.textContent).toContain('Play or pause');
    expect(dialog.textContent).toContain('Next track');
    expect(dialog.textContent).toContain('Mute or unmute');
  });
});

describe('volume and mute', () => {
  it('persist across reloads', async () => {
    const audio = setup();
    act(() => player.setVolume(0.3));
    await userEvent.click(screen.getByRole('button', { name: 'Mute' }));
    expect(audio.muted).toBe(true);
    expect((screen.getByRole('slider', { name: 'Volume' }) as HTMLInputElement).value).toBe('0');

    // A new page: a fresh provider reads what was stored.
    audio.unmount();
    renderWithProviders(<Probe />);
    const reloaded = screen.getByTestId('audio-player') as HTMLAudioElement;
    expect(player.volume).toBe(0.3);
    expect(player.muted).toBe(true);
    expect(reloaded.volume).toBeCloseTo(0.3);
    expect(reloaded.muted).toBe(true);
  });

  it('raising the volume unmutes', async () => {
    const audio = setup();
    act(() => player.setMuted(true));
    act(() => player.setVolume(0.5));
    expect(player.muted).toBe(false);
    expect(audio.muted).toBe(false);
    expect(audio.volume).toBe(0.5);
  });
});
