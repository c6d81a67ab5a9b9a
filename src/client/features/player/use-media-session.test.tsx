import { act } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, testUser } from '../../test/render';
import { AUTH_USER_QUERY_KEY } from '../auth/use-auth';
import type { PlayerContextValue, PlayerTrack } from './player-context';
import { usePlayer } from './use-player';

/** jsdom has no Media Session: a stand-in that records what the player tells it. */
class MediaMetadataStub {
  title: string;
  artist: string;
  artwork: MediaImage[];
  constructor(init: MediaMetadataInit) {
    this.title = init.title ?? '';
    this.artist = init.artist ?? '';
    this.artwork = [...(init.artwork ?? [])];
  }
}
let session: {
  metadata: MediaMetadataStub | null;
  playbackState: MediaSessionPlaybackState;
  handlers: Map<MediaSessionAction, MediaSessionActionHandler | null>;
  setActionHandler: (action: MediaSessionAction, handler: MediaSessionActionHandler | null) => void;
  setPositionState: ReturnType<typeof vi.fn>;
};

beforeEach(() => {
  const handlers = new Map<MediaSessionAction, MediaSessionActionHandler | null>();
  session = {
    metadata: null,
    playbackState: 'none',
    handlers,
    setActionHandler: (action, handler) => handlers.set(action, handler),
    setPositionState: vi.fn(),
  };
  vi.stubGlobal('MediaMetadata', MediaMetadataStub);
  Object.defineProperty(navigator, 'mediaSession', { value: session, configurable: true });
  return () => {
    Reflect.deleteProperty(navigator, 'mediaSession');
  };
});

let player: PlayerContextValue;
function Probe() {
  player = usePlayer();
  return null;
}

const a: PlayerTrack = {
  id: 1,
  name: 'Alpha',
  duration: 60,
  artist: 'Grace Hopper',
  artworkUrl: '/img/a.webp',
};
const b: PlayerTrack = { id: 2, name: 'Bravo', duration: 60, userId: testUser.id };
const someoneElses: PlayerTrack = { id: 3, name: 'Charlie', duration: 60, userId: 'someone-else' };
const run = (action: MediaSessionAction, details: Partial<MediaSessionActionDetails> = {}) =>
  act(() => session.handlers.get(action)?.({ action, ...details } as MediaSessionActionDetails));

function setup() {
  renderWithProviders(<Probe />, { seed: [[AUTH_USER_QUERY_KEY, testUser]] });
  return document.querySelector('audio') as HTMLAudioElement;
}

describe('Media Session (issue 10)', () => {
  it('names the track, its artist and artwork; falls back to the signed-in owner', () => {
    setup();
    act(() => player.playTrack(a, [a, b]));
    expect(session.metadata).toMatchObject({
      title: 'Alpha',
      artist: 'Grace Hopper',
      artwork: [{ src: '/img/a.webp' }],
    });
    act(() => player.next());
    // testUser is @ada: the journal's own recordings are the signed-in user's.
    expect(session.metadata).toMatchObject({ title: 'Bravo', artist: 'ada', artwork: [] });
    // Never the viewer's name on someone else's track.
    act(() => player.playTrack(someoneElses));
    expect(session.metadata).toMatchObject({ title: 'Charlie', artist: '' });
    act(() => player.playTrack(b));
    act(() => player.forgetTrack(2));
    expect(session.metadata).toBeNull();
    expect(session.playbackState).toBe('none');
  });

  it('keeps playbackState in step, including pauses the system makes', () => {
    const audio = setup();
    act(() => player.playTrack(a, [a, b]));
    expect(session.playbackState).toBe('playing');
    act(() => player.pause());
    expect(session.playbackState).toBe('paused');
    act(() => player.togglePlay());
    expect(session.playbackState).toBe('playing');
    // A headset unplugged: the element pauses on its own.
    act(() => {
      audio.dispatchEvent(new Event('pause'));
    });
    expect(player.isPlaying).toBe(false);
    expect(session.playbackState).toBe('paused');
  });

  it('answers play, pause, previous, next, seekto and seek back/forward', () => {
    const audio = setup();
    act(() => player.playTrack(a, [a, b]));
    run('pause');
    expect(player.isPlaying).toBe(false);
    run('play');
    expect(player.isPlaying).toBe(true);
    run('nexttrack');
    expect(player.currentTrack?.name).toBe('Bravo');
    run('previoustrack');
    expect(player.currentTrack?.name).toBe('Alpha');
    run('seekto', { seekTime: 30 });
    expect(audio.currentTime).toBe(30);
    run('seekbackward', {});
    expect(audio.currentTime).toBe(20);
    run('seekforward', { seekOffset: 5 });
    expect(audio.currentTime).toBe(25);
  });

  it('reports the position when it is known', () => {
    const audio = setup();
    act(() => player.playTrack(a, [a, b]));
    Object.defineProperty(audio, 'duration', { value: 60, configurable: true });
    audio.currentTime = 12;
    audio.dispatchEvent(new Event('seeked'));
    expect(session.setPositionState).toHaveBeenLastCalledWith({
      duration: 60,
      position: 12,
      playbackRate: 1,
    });
  });
});
