import { describe, expect, it } from 'vitest';
import type { Counts } from './track-list.count';
import { ENTRY_OVERHEAD_BYTES, TrackCountCache } from './track-list.count-cache';

// Decision 0900: a first page's counts kept per owner and filter at one journal revision.

const counts = (total: number): Counts => ({ total, all: 10, capped: false });

/** A count function that says how often it ran. */
function counter(total: number) {
  const fn = async () => {
    fn.runs += 1;
    return counts(total);
  };
  fn.runs = 0;
  return fn;
}

describe('TrackCountCache', () => {
  it('answers the same owner, revision and filter from memory, and anything else by counting', async () => {
    const cache = new TrackCountCache(1024 * 1024);
    const first = counter(3);
    expect(await cache.counts('u1', 5, 'a', first)).toEqual(counts(3));
    expect(await cache.counts('u1', 5, 'a', first)).toEqual(counts(3));
    expect(first.runs).toBe(1);
    for (const [user, revision, key] of [
      ['u1', 6, 'a'], // a newer revision
      ['u1', 5, 'b'], // another filter
      ['u2', 5, 'a'], // another person
    ] as const) {
      const other = counter(7);
      expect(await cache.counts(user, revision, key, other)).toEqual(counts(7));
      expect(other.runs).toBe(1);
    }
  });

  it('never answers a revision other than the one counted, older ones included', async () => {
    const cache = new TrackCountCache(1024 * 1024);
    await cache.counts('u1', 9, 'a', counter(1));
    const older = counter(2);
    // A request holding an older revision (a user row read a moment before a write) counts anew.
    expect(await cache.counts('u1', 8, 'a', older)).toEqual(counts(2));
    expect(older.runs).toBe(1);
    // The latest count is kept: revision 9 is counted again, and answered from memory after.
    const again = counter(1);
    await cache.counts('u1', 9, 'a', again);
    await cache.counts('u1', 9, 'a', again);
    expect(again.runs).toBe(1);
    expect(cache.size).toBe(1); // one entry per owner and filter, whatever the revisions
  });

  it('counts once for concurrent requests of one revision and filter, and keeps no failed count', async () => {
    const cache = new TrackCountCache(1024 * 1024);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let runs = 0;
    const slow = async () => {
      runs += 1;
      await gate;
      return counts(4);
    };
    const all = Promise.all(Array.from({ length: 20 }, () => cache.counts('u1', 1, 'a', slow)));
    release();
    expect(await all).toEqual(Array.from({ length: 20 }, () => counts(4)));
    expect(runs).toBe(1);
    const failing = async (): Promise<Counts> => {
      throw new Error('connection lost');
    };
    await expect(cache.counts('u1', 2, 'a', failing)).rejects.toThrow('connection lost');
    const after = counter(5);
    expect(await cache.counts('u1', 2, 'a', after)).toEqual(counts(5));
    expect(after.runs).toBe(1);
  });

  it('stays within its bytes, dropping the least recently used first', async () => {
    const entry = 2 * 'u1\0k0'.length + ENTRY_OVERHEAD_BYTES;
    const cache = new TrackCountCache(3 * entry);
    for (const key of ['k0', 'k1', 'k2']) await cache.counts('u1', 1, key, counter(1));
    await cache.counts('u1', 1, 'k0', counter(1)); // used again: k1 is now the oldest
    await cache.counts('u1', 1, 'k3', counter(1));
    expect(cache.size).toBe(3);
    expect(cache.bytes).toBe(3 * entry);
    const k1 = counter(1);
    const k0 = counter(1);
    await cache.counts('u1', 1, 'k0', k0);
    await cache.counts('u1', 1, 'k1', k1);
    expect([k0.runs, k1.runs]).toEqual([0, 1]);
    // An entry bigger than the whole cache is answered, not kept.
    const tiny = new TrackCountCache(10);
    await tiny.counts('u1', 1, 'a', counter(1));
    expect([tiny.size, tiny.bytes]).toEqual([0, 0]);
  });
});
