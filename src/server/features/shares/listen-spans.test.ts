import { describe, expect, it } from 'vitest';
import {
  addToHistogram,
  emptyHistogram,
  foldListen,
  heardSeconds,
  MAX_SPANS,
  mergeSpan,
} from './listen-spans';

const at = (ms: number) => new Date(ms);

describe('listen spans', () => {
  it('merges overlapping and nearly touching spans, keeps gaps apart', () => {
    expect(mergeSpan([[0, 5]], [5.3, 10])).toEqual([[0, 10]]);
    expect(mergeSpan([[0, 5]], [3, 4])).toEqual([[0, 5]]);
    expect(mergeSpan([[10, 20]], [0, 5])).toEqual([
      [0, 5],
      [10, 20],
    ]);
    expect(
      mergeSpan(
        [
          [0, 5],
          [10, 20],
        ],
        [4, 11],
      ),
    ).toEqual([[0, 20]]);
  });

  it('heard seconds stay within the track', () => {
    expect(
      heardSeconds(
        [
          [0, 40],
          [60, 120],
        ],
        100,
      ),
    ).toBe(80);
  });

  it('a bucket counts when at least half of it was heard', () => {
    const h = emptyHistogram();
    addToHistogram(h, [[0.4, 1.3]], 100);
    expect(h.slice(0, 3)).toEqual([1, 0, 0]);
    addToHistogram(h, [[0, 100]], 100);
    expect(h.every((n, i) => n === (i === 0 ? 2 : 1))).toBe(true);
  });

  it('folds a first report, refuses what the clock or the track cannot allow', () => {
    const now = at(1_000_000);
    expect(foldListen(null, [0, 5], 100, now)).toEqual({
      ok: true,
      heard: [[0, 5]],
      furthestSeconds: 5,
      plays: 1,
    });
    expect(foldListen(null, [0, 40], 100, now)).toEqual({ ok: false, why: 'implausible' });
    expect(foldListen(null, [99, 101.5], 100, now)).toEqual({ ok: false, why: 'out-of-range' });
    expect(foldListen(null, [99, 100.5], 100, now)).toMatchObject({ ok: true, heard: [[99, 100]] });
    const prev = { heard: [[0, 5]] as [number, number][], furthestSeconds: 5, plays: 1, lastAt: at(995_000) };
    expect(foldListen(prev, [5, 10], 100, now)).toMatchObject({ ok: true, heard: [[0, 10]], plays: 1 });
    expect(foldListen(prev, [5, 21], 100, now)).toEqual({ ok: false, why: 'implausible' });
    const quiet = { ...prev, lastAt: at(now.getTime() - 31 * 60_000) };
    expect(foldListen(quiet, [0, 5], 100, now)).toMatchObject({ ok: true, plays: 2 });
  });

  it('refuses a report that would split what was heard past the cap', () => {
    const heard = Array.from({ length: MAX_SPANS }, (_, i) => [i * 2, i * 2 + 1] as [number, number]);
    const prev = { heard, furthestSeconds: 0, plays: 1, lastAt: at(0) };
    expect(foldListen(prev, [5000, 5001], null, at(60_000))).toEqual({ ok: false, why: 'too-many-spans' });
  });
});
