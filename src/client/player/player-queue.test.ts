import { describe, expect, it } from 'vitest';
import type { PlayerTrack } from './player-context';
import {
  formatTime,
  reshuffled,
  shuffled,
  stepPlayable,
  unplayableNotice,
  upcoming,
  withUpcoming,
} from './player-queue';

const t = (id: number, playable?: boolean): PlayerTrack => ({ id, name: `t${id}`, playable });
const queue = [1, 2, 3].map((id) => t(id));
const ids = (tracks: Array<PlayerTrack | null>) => tracks.map((x) => x?.id ?? null);

/** A seeded generator, so a failing shuffle can be replayed. */
function seeded(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

describe('player queue', () => {
  it('steps forward and back, wrapping only when asked, and starts at the top with nothing current', () => {
    expect(stepPlayable(queue, queue[0] ?? null, 1, true)?.id).toBe(2);
    expect(stepPlayable(queue, queue[2] ?? null, 1, true)?.id).toBe(1);
    expect(stepPlayable(queue, queue[2] ?? null, 1, false)).toBeNull();
    expect(stepPlayable(queue, queue[0] ?? null, -1, true)?.id).toBe(3);
    expect(stepPlayable(queue, queue[0] ?? null, -1, false)).toBeNull();
    expect(stepPlayable(queue, null, 1, false)?.id).toBe(1);
    expect(stepPlayable(queue, null, -1, true)?.id).toBe(1);
    expect(stepPlayable([], null, 1, true)).toBeNull();
  });

  it('skips what cannot play, in both directions, and finds nothing when nothing can', () => {
    const mixed = [t(1), t(2, false), t(3, false), t(4)];
    expect(stepPlayable(mixed, mixed[0] ?? null, 1, false)?.id).toBe(4);
    expect(stepPlayable(mixed, mixed[3] ?? null, -1, false)?.id).toBe(1);
    expect(stepPlayable(mixed, mixed[3] ?? null, 1, true)?.id).toBe(1);
    expect(stepPlayable([t(2, false), t(1)], null, 1, false)?.id).toBe(1);
    // The only playable track is the current one: wrapping lands on it again.
    expect(stepPlayable([t(1), t(2, false)], t(1), 1, true)?.id).toBe(1);
    expect(stepPlayable([t(1, false), t(2, false)], null, 1, true)).toBeNull();
  });

  it('shuffles into an order holding every track exactly once, the given one first', () => {
    const many = Array.from({ length: 20 }, (_, i) => t(i + 1));
    for (let seed = 1; seed < 50; seed++) {
      const order = shuffled(many, seeded(seed), many[7]);
      expect(order[0]?.id).toBe(8);
      expect(ids(order).sort((x, y) => (x ?? 0) - (y ?? 0))).toEqual(ids(many));
    }
    // Not the identity every time.
    expect(ids(shuffled(many, seeded(3)))).not.toEqual(ids(many));
  });

  it('a new round never starts with the track that just ended', () => {
    for (let seed = 1; seed < 100; seed++) {
      const order = reshuffled(queue, queue[1] ?? null, seeded(seed));
      expect(order[0]?.id).not.toBe(2);
      expect(ids(order).sort()).toEqual([1, 2, 3]);
    }
  });

  it('lists what plays next (rotated when the queue wraps) and replaces it', () => {
    const four = [1, 2, 3, 4].map((id) => t(id));
    expect(ids(upcoming(four, t(2), true))).toEqual([3, 4, 1]);
    expect(ids(upcoming(four, t(2), false))).toEqual([3, 4]);
    expect(ids(upcoming(four, null, false))).toEqual([1, 2, 3, 4]);
    expect(ids(withUpcoming(four, t(2), true, [t(1), t(4)]))).toEqual([2, 1, 4]);
    expect(ids(withUpcoming(four, t(2), false, [t(4), t(3)]))).toEqual([1, 2, 4, 3]);
  });

  it('says why a chosen track does not play: failed with its reason, or still processing', () => {
    expect(
      unplayableNotice({
        id: 1,
        name: 'x',
        playable: false,
        processing: { state: 'failed', error: 'Not audio' },
      }),
    ).toEqual({ title: 'Cannot Play File', description: 'Not audio' });
    expect(
      unplayableNotice({
        id: 1,
        name: 'Take 2',
        playable: false,
        processing: { state: 'pending', error: null },
      }),
    ).toEqual({
      title: 'Still Processing',
      description: '"Take 2" is still being processed. It will play once it is ready.',
    });
  });

  it('formats m:ss', () => {
    expect(formatTime(0)).toBe('0:00');
    expect(formatTime(65.9)).toBe('1:05');
    expect(formatTime(Number.NaN)).toBe('0:00');
  });
});
