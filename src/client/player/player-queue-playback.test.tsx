import { act, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useToast } from '../components/ui/use-toast';
import { renderWithProviders } from '../test/render';
import { PlayAllButton } from './play-all-button';
import type { PlayerContextValue, PlayerTrack } from './player-context';
import { useFreshQueue } from './use-fresh-queue';
import { usePlayer } from './use-player';

const track = (id: number, name: string, state?: 'pending' | 'failed'): PlayerTrack => ({
  id,
  name,
  duration: 10,
  playable: state === undefined,
  processing: { state: state ?? 'ready', error: state === 'failed' ? 'Not audio' : null },
});
const a = track(1, 'Alpha');
const pending = track(2, 'Bravo', 'pending');
const c = track(3, 'Charlie');
const failed = track(4, 'Delta', 'failed');
const queue = [a, pending, c, failed];

let player: PlayerContextValue;
let dismissToasts: () => void;
function Probe() {
  player = usePlayer();
  dismissToasts = useToast().dismiss;
  return null;
}

function setup(tracks: PlayerTrack[] = queue) {
  renderWithProviders(
    <>
      <Probe />
      <PlayAllButton tracks={tracks} />
    </>,
  );
  // Toasts live in a module-wide store: an earlier test's must not answer for this one.
  act(() => dismissToasts());
  return screen.getByTestId('audio-player') as HTMLAudioElement;
}

const nowPlaying = () => player.currentTrack?.name ?? null;
/** Ends the current track and lets the 100 ms auto-advance run. */
function finish(audio: HTMLAudioElement) {
  fireEvent.ended(audio);
  act(() => vi.advanceTimersByTime(100));
}

afterEach(() => vi.useRealTimers());

describe('the queue skips what cannot be played (issue 10)', () => {
  it('next, previous and auto-advance pass over processing and failed tracks, wrapping', () => {
    vi.useFakeTimers();
    const audio = setup();
    act(() => player.playTrack(a, queue));
    act(() => player.next());
    expect(nowPlaying()).toBe('Charlie');
    act(() => player.next());
    expect(nowPlaying()).toBe('Alpha');
    act(() => player.previous());
    expect(nowPlaying()).toBe('Charlie');
    act(() => player.previous());
    expect(nowPlaying()).toBe('Alpha');
    finish(audio);
    expect(nowPlaying()).toBe('Charlie');
    expect(player.isPlaying).toBe(true);
    expect(audio.getAttribute('src')).toBe('/api/tracks/3/stream');
    finish(audio);
    expect(nowPlaying()).toBe('Alpha');
  });

  it('Play all starts at the first playable track', async () => {
    setup([pending, failed, c, a]);
    act(() => screen.getByRole('button', { name: 'Play all' }).click());
    expect(nowPlaying()).toBe('Charlie');
    expect(player.playlist.map((t) => t.id)).toEqual([2, 4, 3, 1]);
    expect(screen.queryByText('Cannot Play File')).toBeNull();
  });

  it('when nothing in the queue can play, it stops and says so once', async () => {
    setup([pending, failed]);
    act(() => screen.getByRole('button', { name: 'Play all' }).click());
    expect(player.currentTrack).toBeNull();
    expect(await screen.findByText('Nothing to Play')).toBeTruthy();

    // A queue whose only playable track was deleted: next finds nothing, stops, says it once.
    act(() => player.playTrack(a, [a, pending, failed]));
    act(() => player.removeFromQueue(1));
    act(() => player.next());
    expect(player.isPlaying).toBe(false);
    expect(screen.getAllByText('Nothing to Play')).toHaveLength(1);
  });
});

describe('repeat (issue 10)', () => {
  const abc = [track(1, 'Alpha'), track(2, 'Bravo'), track(3, 'Charlie')];

  it('is "all" by default: the end wraps to the start (spec section 4)', () => {
    vi.useFakeTimers();
    const audio = setup(abc);
    expect(player.repeat).toBe('all');
    act(() => player.playTrack(abc[2] as PlayerTrack, abc));
    finish(audio);
    expect(nowPlaying()).toBe('Alpha');
  });

  it('"off" stops at the end of the queue and Previous at the start rewinds', () => {
    vi.useFakeTimers();
    const audio = setup(abc);
    act(() => player.setRepeat('off'));
    act(() => player.playTrack(abc[2] as PlayerTrack, abc));
    finish(audio);
    expect(nowPlaying()).toBe('Charlie');
    expect(player.isPlaying).toBe(false);
    act(() => player.next());
    expect(nowPlaying()).toBe('Charlie');
    expect(player.isPlaying).toBe(false);

    act(() => player.playTrack(abc[0] as PlayerTrack));
    act(() => player.seek(6));
    act(() => player.previous());
    expect(nowPlaying()).toBe('Alpha');
    expect(audio.currentTime).toBe(0);
    expect(screen.queryByText('Nothing to Play')).toBeNull();
  });

  it('"one" plays the same track again when it ends; Next still moves on', async () => {
    vi.useFakeTimers();
    const audio = setup(abc);
    act(() => player.setRepeat('one'));
    act(() => player.playTrack(abc[1] as PlayerTrack, abc));
    const play = vi.spyOn(audio, 'play');
    finish(audio);
    expect(nowPlaying()).toBe('Bravo');
    expect(player.isPlaying).toBe(true);
    await act(async () => {});
    expect(play).toHaveBeenCalled();
    act(() => player.next());
    expect(nowPlaying()).toBe('Charlie');
  });
});

describe('shuffle (issue 10)', () => {
  const many = Array.from({ length: 8 }, (_, i) => track(i + 1, `Track ${i + 1}`));
  const originalIds = many.map((t) => t.id);

  /** Plays through one round: the current track, then Next until each has had its turn. */
  function round() {
    const heard = [player.currentTrack?.id];
    for (let i = 1; i < many.length; i++) {
      act(() => player.next());
      heard.push(player.currentTrack?.id);
    }
    return heard;
  }

  it('plays every track once, in a random order, before any plays again; off returns to queue order', () => {
    setup(many);
    act(() => player.setShuffle(true));
    act(() => screen.getByRole('button', { name: 'Play all' }).click());

    const first = round();
    expect([...first].sort((x, y) => (x ?? 0) - (y ?? 0))).toEqual(originalIds);
    // The next round is a new order that does not open with the track that just ended.
    act(() => player.next());
    expect(player.currentTrack?.id).not.toBe(first.at(-1));
    const second = [player.currentTrack?.id];
    for (let i = 1; i < many.length; i++) {
      act(() => player.next());
      second.push(player.currentTrack?.id);
    }
    expect([...second].sort((x, y) => (x ?? 0) - (y ?? 0))).toEqual(originalIds);

    act(() => player.setShuffle(false));
    expect(player.playlist.map((t) => t.id)).toEqual(originalIds);
  });

  it('shuffles the rest of the queue behind a chosen track, and is remembered', () => {
    setup(many);
    act(() => player.setShuffle(true));
    act(() => player.playTrack(many[4] as PlayerTrack, many));
    expect(player.playlist[0]?.id).toBe(5);
    expect(player.playlist.map((t) => t.id).sort((x, y) => x - y)).toEqual(originalIds);
    expect(JSON.parse(localStorage.getItem('playerSettings') ?? '{}')).toMatchObject({ shuffle: true });
  });
});

describe('a queued track whose processing finishes (useFreshQueue)', () => {
  let showList: (tracks: PlayerTrack[]) => void;
  function List() {
    const [tracks, setTracks] = useState(queue);
    showList = setTracks;
    useFreshQueue(tracks);
    return null;
  }

  it('stops being skipped once the refetched list says it plays', () => {
    renderWithProviders(
      <>
        <Probe />
        <List />
      </>,
    );
    act(() => player.playTrack(a, queue));
    act(() => player.next());
    expect(nowPlaying()).toBe('Charlie');

    const ready = { ...pending, playable: true, processing: { state: 'ready' as const, error: null } };
    act(() => showList([a, ready, c, failed]));
    expect(player.playlist.find((t) => t.id === pending.id)?.playable).toBe(true);
    act(() => player.previous());
    expect(nowPlaying()).toBe('Bravo');
  });
});
