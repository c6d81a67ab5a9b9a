import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PlayerBar } from '../features/player-bar/player-bar';
import { renderWithProviders } from '../test/render';
import type { PlayerContextValue, PlayerTrack } from './player-context';
import { usePlayer } from './use-player';

const a: PlayerTrack = { id: 1, name: 'Alpha', mimeType: 'audio/mpeg', duration: 10 };
const b: PlayerTrack = { id: 2, name: 'Bravo', mimeType: 'audio/wav', duration: 20 };
const c: PlayerTrack = { id: 3, name: 'Charlie', mimeType: 'audio/mp4', duration: 30 };
const queue = [a, b, c];

let player: PlayerContextValue;
function Probe() {
  player = usePlayer();
  return null;
}

function setup() {
  renderWithProviders(
    <>
      <Probe />
      <PlayerBar />
    </>,
  );
  const audio = screen.getByTestId('audio-player') as HTMLAudioElement;
  return { audio };
}

const nowPlaying = () => player.currentTrack?.name ?? null;

afterEach(() => vi.useRealTimers());

describe('PlayerProvider transitions (spec section 4)', () => {
  it('loads a different track from its stream and starts; the same track resumes', async () => {
    const { audio } = setup();
    const play = vi.spyOn(audio, 'play');
    act(() => player.playTrack(a, queue));
    expect(audio.getAttribute('src')).toBe('/api/tracks/1/stream');
    expect(player.isPlaying).toBe(true);
    expect(screen.getByText('Alpha')).toBeTruthy();
    expect(screen.getByText('Your Recording')).toBeTruthy();

    act(() => player.pause());
    expect(player.isPlaying).toBe(false);
    audio.currentTime = 4;
    fireEvent.timeUpdate(audio);
    act(() => player.playTrack(a));
    // Resumed, not reloaded: the position stays.
    expect(player.isPlaying).toBe(true);
    expect(player.currentTime).toBe(4);
    await vi.waitFor(() => expect(play).toHaveBeenCalledTimes(2));
  });

  it('stop pauses and rewinds to 0', () => {
    const { audio } = setup();
    act(() => player.playTrack(b, queue));
    audio.currentTime = 7;
    fireEvent.timeUpdate(audio);
    expect(screen.getByTestId('player-elapsed').textContent).toBe('0:07');
    act(() => player.stop());
    expect(player.isPlaying).toBe(false);
    expect(player.currentTime).toBe(0);
    expect(audio.currentTime).toBe(0);
    expect(nowPlaying()).toBe('Bravo');
  });

  it('on end: stops, resets, and 100 ms later plays the next track, wrapping last to first', () => {
    vi.useFakeTimers();
    const { audio } = setup();
    act(() => player.playTrack(c, queue));
    fireEvent.ended(audio);
    expect(player.isPlaying).toBe(false);
    expect(player.currentTime).toBe(0);
    act(() => vi.advanceTimersByTime(99));
    expect(nowPlaying()).toBe('Charlie');
    act(() => vi.advanceTimersByTime(1));
    expect(nowPlaying()).toBe('Alpha');
    expect(player.isPlaying).toBe(true);
  });

  it('next and previous wrap; next with nothing playing starts the first', async () => {
    setup();
    act(() => player.setPlaylist(queue));
    act(() => player.next());
    expect(nowPlaying()).toBe('Alpha');
    act(() => player.previous());
    expect(nowPlaying()).toBe('Charlie');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(nowPlaying()).toBe('Alpha');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(nowPlaying()).toBe('Bravo');
  });

  it('a load error clears the track, stops and logs which one failed', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { audio } = setup();
    act(() => player.playTrack(b, queue));
    fireEvent.error(audio);
    expect(player.currentTrack).toBeNull();
    expect(player.isPlaying).toBe(false);
    expect(error).toHaveBeenCalledWith(
      'Failed to load track: Bravo. The audio file may be missing or corrupted.',
    );
    expect(screen.getByText('No track selected')).toBeTruthy();
  });

  it('a stream that played and then failed is asked for again once, where it was; a second failure stops', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { audio } = setup();
    const play = vi.spyOn(audio, 'play').mockResolvedValue();
    act(() => player.playTrack(b, queue));
    let position = 12.5;
    Object.defineProperty(audio, 'currentTime', {
      configurable: true,
      get: () => position,
      set: (value: number) => {
        position = value;
      },
    });
    fireEvent.timeUpdate(audio);
    audio.setAttribute('src', 'https://bucket.example/expired-link');
    position = 12.5;
    play.mockClear();
    fireEvent.error(audio);
    expect(audio.getAttribute('src')).toBe('/api/tracks/2/stream');
    expect(position).toBe(12.5);
    expect(player.currentTrack?.name).toBe('Bravo');
    expect(warn).toHaveBeenCalledWith('The stream of Bravo was interrupted; asking for it again');
    expect(error).not.toHaveBeenCalled();
    return Promise.resolve().then(() => {
      expect(play).toHaveBeenCalled();
      fireEvent.error(audio);
      expect(player.currentTrack).toBeNull();
      expect(error).toHaveBeenCalledWith(
        'Failed to load track: Bravo. The audio file may be missing or corrupted.',
      );
    });
  });

  it('plays AIFF, FLAC and the rest through the stream: the server picks what the browser gets', () => {
    const { audio } = setup();
    act(() =>
      player.playTrack({ id: 9, name: 'Take', mimeType: 'audio/x-aiff', duration: 3, playable: true }),
    );
    expect(nowPlaying()).toBe('Take');
    expect(audio.getAttribute('src')).toBe('/api/tracks/9/stream');
    act(() => player.playTrack({ id: 10, name: 'Loop', mimeType: 'audio/flac', duration: 3 }));
    expect(audio.getAttribute('src')).toBe('/api/tracks/10/stream');
  });

  it('a failed track says "Cannot Play File" with its reason and keeps what was playing', async () => {
    const { audio } = setup();
    act(() => player.playTrack(a, queue));
    const failed: PlayerTrack = {
      id: 9,
      name: 'Take',
      playable: false,
      processing: { state: 'failed', error: 'The file holds no audio ffmpeg can decode.' },
    };
    act(() => player.playTrack(failed, [a, failed]));
    expect(nowPlaying()).toBe('Alpha');
    expect(audio.getAttribute('src')).toBe('/api/tracks/1/stream');
    expect(player.playlist.map((t) => t.id)).toEqual([1, 2, 3]);
    expect(await screen.findByText('Cannot Play File')).toBeTruthy();
    expect(screen.getByText('The file holds no audio ffmpeg can decode.')).toBeTruthy();
  });

  it('a track still being processed says so, never "Cannot Play File"', async () => {
    setup();
    act(() =>
      player.playTrack({
        id: 9,
        name: 'Take',
        playable: false,
        processing: { state: 'pending', error: null },
      }),
    );
    expect(player.currentTrack).toBeNull();
    expect(await screen.findByText('Still Processing')).toBeTruthy();
    expect(screen.getByText('"Take" is still being processed. It will play once it is ready.')).toBeTruthy();
    expect(screen.queryByText('Cannot Play File')).toBeNull();
  });

  it('seeks, sets the volume on the element, and follows edits and deletions', () => {
    const { audio } = setup();
    expect(audio.volume).toBe(0.7);
    act(() => player.playTrack(b, queue));
    act(() => player.seek(12.5));
    expect(audio.currentTime).toBe(12.5);
    expect(screen.getByTestId('player-elapsed').textContent).toBe('0:12');
    expect(screen.getByTestId('player-total').textContent).toBe('0:20');
    act(() => player.setVolume(0.25));
    expect(audio.volume).toBe(0.25);

    act(() => player.refreshTrack({ ...b, name: 'Bravo (final)' }));
    expect(screen.getByText('Bravo (final)')).toBeTruthy();
    act(() => player.forgetTrack(2));
    expect(player.currentTrack).toBeNull();
    expect(player.playlist.map((t) => t.id)).toEqual([1, 3]);
  });
});
