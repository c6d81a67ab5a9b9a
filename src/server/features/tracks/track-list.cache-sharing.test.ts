import { describe, expect, it } from 'vitest';
import { fixed } from '../../../test/listed-tracks';
import { TrackListCache, type TrackListSource } from './track-list.cache';

// Decision 0946: a whole list being made answers a request whose token it satisfies and that is not
// older than the list kept.
describe('a list being made answers a request it satisfies (decision 0946)', () => {
  /** A source whose whole read waits for `release`, counting its reads. */
  const gated = () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const source = { reads: 0, release } as { reads: number; release: () => void } & TrackListSource;
    const whole = fixed('1', '2');
    Object.assign(source, whole, {
      all: async () => {
        source.reads += 1;
        await gate;
        return whole.all();
      },
      changedSince: async (since: number) => {
        source.reads += 1;
        await gate;
        return whole.changedSince(since);
      },
    });
    return source;
  };

  it('shares the make under way when it is at least the revision the request accepts', async () => {
    const cache = new TrackListCache(10_000);
    const slow = gated();
    const at5 = cache.list('u', 'dateUploaded', 5, slow);
    const other = gated();
    // Asked at 6, accepting anything from 5: the make at 5 answers it, with no read of its own.
    const shared = cache.list('u', 'dateUploaded', 6, other, 5);
    // Accepting only 6 or later: a make of its own.
    const own = cache.list('u', 'dateUploaded', 6, other, 6);
    slow.release();
    other.release();
    expect((await shared).revision).toBe(5);
    expect(await shared).toBe(await at5);
    expect((await own).revision).toBe(6);
    expect(slow.reads).toBe(1);
    expect(other.reads).toBe(1);
  });

  it('never answers a make older than the list kept, nor at all without a make under way', async () => {
    const cache = new TrackListCache(10_000);
    await cache.list('u', 'dateUploaded', 7, fixed('1'));
    const slow = gated();
    const at6 = cache.list('u', 'dateUploaded', 6, slow);
    // The make at 6 is under way, but 7 is kept: asked at 8, it is made at 8.
    const asked = cache.list('u', 'dateUploaded', 8, fixed('1', '2'), 0);
    expect(slow.reads).toBe(1);
    slow.release();
    await at6;
    expect((await asked).revision).toBe(8);
    // And with no make under way, a request accepting anything is still made at its revision.
    expect((await cache.list('u', 'dateUploaded', 9, fixed('1'), 0)).revision).toBe(9);
  });
});
