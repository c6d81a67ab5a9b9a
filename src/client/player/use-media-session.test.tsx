import { act, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_USER_QUERY_KEY } from '../entities/user/use-auth';
import { fakeCanvas } from '../test/fake-canvas';
import { json, mockFetch } from '../test/mock-fetch';
import { renderWithProviders, testUser } from '../test/render';
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

  // Issue 25 (decision 0365): every size of a picture, else a cover drawn from the waveform.
  it("offers an avatar's two sizes with their type", () => {
    setup();
    const withAvatar = { ...a, artworkUrl: '/api/images/avatars/abc-256.webp?v=5' };
    act(() => player.playTrack(withAvatar));
    expect(session.metadata?.artwork).toEqual([
      { src: '/api/images/avatars/abc-128.webp?v=5', sizes: '128x128', type: 'image/webp' },
      { src: '/api/images/avatars/abc-256.webp?v=5', sizes: '256x256', type: 'image/webp' },
    ]);
  });

  it('draws a cover from the waveform for a track with no picture, and revokes it when done', async () => {
    const { bars, revoked } = fakeCanvas();
    const fetched = mockFetch({
      'GET /api/tracks/2/waveform': () => json({ duration: 60, peaks: [0.5, -0.5, 0.25, -0.25] }),
    });
    setup();
    act(() => player.playTrack(b, [b, a]));
    await waitFor(() => expect(session.metadata?.artwork).toHaveLength(3));
    expect(session.metadata?.artwork.map((i) => [i.sizes, i.type])).toEqual([
      ['512x512', 'image/png'],
      ['256x256', 'image/png'],
      ['96x96', 'image/png'],
    ]);
    expect(session.metadata?.artwork.every((i) => i.src.startsWith('blob:'))).toBe(true);
    expect(fetched).toHaveBeenCalled();
    expect(bars.length).toBeGreaterThan(0);
    const drawn = session.metadata?.artwork.map((i) => i.src) ?? [];
    // The next track has its owner's picture: the drawn cover's URLs are let go.
    act(() => player.next());
    expect(session.metadata?.artwork).toEqual([{ src: '/img/a.webp' }]);
    await waitFor(() => expect(revoked).toEqual(expect.arrayContaining(drawn)));
  });
});
