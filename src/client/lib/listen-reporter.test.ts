import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { attachListenReporter, type ListenSpan, listenerId } from './listen-reporter';

// The share-link player's reports (issue 45, decision 0721) on a stand-in media element: time is
// faked, and the element's position moves only as the test says.

class FakeAudio extends EventTarget {
  currentTime = 0;
  duration = 100;
  paused = true;
  seeking = false;
  readyState = 4;
  /** Plays on: the clock and the position advance together, a timeupdate each quarter second. */
  advance(seconds: number) {
    for (let step = 0; step < seconds * 4; step += 1) {
      this.currentTime += 0.25;
      this.dispatchEvent(new Event('timeupdate'));
      vi.advanceTimersByTime(250);
    }
  }
  play() {
    this.paused = false;
    this.dispatchEvent(new Event('play'));
    this.dispatchEvent(new Event('playing'));
  }
  pause() {
    this.paused = true;
    this.dispatchEvent(new Event('pause'));
  }
  seek(to: number) {
    this.seeking = true;
    this.currentTime = to;
    this.dispatchEvent(new Event('seeking'));
    this.seeking = false;
    this.dispatchEvent(new Event('seeked'));
  }
}

let audio: FakeAudio;
let sent: { url: string; span: ListenSpan; keepalive: boolean }[];
let detach: () => void;
let target: { url: string; trackId: number } | null;

beforeEach(() => {
  vi.useFakeTimers();
  audio = new FakeAudio();
  sent = [];
  target = { url: '/api/shares/by-token/tok/listens', trackId: 7 };
  detach = attachListenReporter({
    audio: audio as unknown as HTMLMediaElement,
    target: () => target,
    listenerId: 'browser-one',
    send: (url, span, keepalive) => sent.push({ url, span, keepalive }),
  });
});
afterEach(() => {
  detach();
  vi.useRealTimers();
});

const spans = () => sent.map((s) => [s.span.fromSeconds, s.span.toSeconds]);

describe('the listen reporter', () => {
  it('sends a span every 5 s while playing, with the listener id and track', () => {
    audio.play();
    audio.advance(12);
    expect(spans()).toEqual([
      [0, 5],
      [5, 10],
    ]);
    expect(sent[0]).toEqual({
      url: '/api/shares/by-token/tok/listens',
      span: { listenerId: 'browser-one', fromSeconds: 0, toSeconds: 5, trackId: 7 },
      keepalive: false,
    });
  });

  it('sends on pause, and nothing while paused', () => {
    audio.play();
    audio.advance(3);
    audio.pause();
    expect(spans()).toEqual([[0, 3]]);
    vi.advanceTimersByTime(20_000);
    expect(spans()).toEqual([[0, 3]]);
  });

  it('a seek sends the span up to where it left, then goes on from where it landed', () => {
    audio.play();
    audio.advance(3);
    audio.seek(60);
    expect(spans()).toEqual([[0, 3]]);
    audio.advance(5);
    expect(spans()).toEqual([
      [0, 3],
      [60, 65],
    ]);
  });

  it('sends at the end', () => {
    audio.currentTime = 97;
    audio.play();
    audio.advance(3);
    audio.paused = true;
    audio.dispatchEvent(new Event('ended'));
    expect(spans()).toEqual([[97, 100]]);
  });

  it('sends with keepalive when the page is hidden, and goes on if it still plays', () => {
    audio.play();
    audio.advance(2);
    window.dispatchEvent(new Event('pagehide'));
    expect(sent).toEqual([
      expect.objectContaining({ keepalive: true, span: expect.objectContaining({ toSeconds: 2 }) }),
    ]);
    audio.advance(5);
    expect(spans()).toEqual([
      [0, 2],
      [2, 7],
    ]);
  });

  it('a new track: what was heard of the last one goes to the last one', () => {
    audio.play();
    audio.advance(2);
    target = { url: '/api/shares/by-token/tok/listens', trackId: 8 };
    audio.dispatchEvent(new Event('emptied'));
    audio.currentTime = 0;
    audio.dispatchEvent(new Event('playing'));
    audio.advance(5);
    expect(sent.map((s) => [s.span.trackId, s.span.fromSeconds, s.span.toSeconds])).toEqual([
      [7, 0, 2],
      [8, 0, 5],
    ]);
  });

  it('reports nothing for a track of no link', () => {
    target = null;
    audio.play();
    audio.advance(12);
    audio.pause();
    expect(sent).toEqual([]);
  });
});

describe('the listener id', () => {
  it('is made once and kept', () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => {
        store.set(k, v);
      },
    };
    const first = listenerId(storage);
    expect(first).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(listenerId(storage)).toBe(first);
  });

  it('still exists where storage is refused', () => {
    const refusing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {},
    };
    expect(listenerId(refusing)).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  });
});
