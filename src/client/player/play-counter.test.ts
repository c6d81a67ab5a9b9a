import { describe, expect, it, vi } from 'vitest';
import { playThreshold } from '../../shared/play-rule';
import { createPlayCounter } from './play-counter';

/** Plays `from`→`to` in timeupdate steps of a quarter second, as an <audio> element reports them. */
function play(counter: ReturnType<typeof createPlayCounter>, from: number, to: number) {
  for (let s = from + 0.25; s <= to + 1e-9; s += 0.25) counter.time(s);
}

describe('play counter (decision 0395)', () => {
  it('the rule: 30 s, or half a shorter track; 30 s when the length is unknown', () => {
    expect(playThreshold(300)).toBe(30);
    expect(playThreshold(40)).toBe(20);
    expect(playThreshold(1)).toBe(0.5);
    expect(playThreshold(null)).toBe(30);
  });

  it('reports once, when 30 s of a long track were heard', () => {
    const report = vi.fn();
    const counter = createPlayCounter(report);
    counter.track(7, 240);
    play(counter, 0, 29.75);
    expect(report).not.toHaveBeenCalled();
    play(counter, 29.75, 30);
    expect(report).toHaveBeenCalledExactlyOnceWith(7);
    play(counter, 30, 200);
    expect(report).toHaveBeenCalledTimes(1);
  });

  it('a seek is not listening: skipping to the end of a track counts nothing', () => {
    const report = vi.fn();
    const counter = createPlayCounter(report);
    counter.track(7, 240);
    play(counter, 0, 5);
    counter.jumped(200);
    counter.time(200);
    play(counter, 200, 220);
    expect(report).not.toHaveBeenCalled();
    // A jump the element reports only as a time step (no seeked event) is not listening either.
    counter.time(235);
    play(counter, 235, 239.75);
    expect(report).not.toHaveBeenCalled();
    play(counter, 239.75, 240);
    expect(report).toHaveBeenCalledWith(7);
  });

  it('a new track, or the same one again after it ended, is a new listen', () => {
    const report = vi.fn();
    const counter = createPlayCounter(report);
    counter.track(1, 1);
    play(counter, 0, 1);
    counter.ended();
    play(counter, 0, 1);
    counter.track(2, 1);
    play(counter, 0, 0.25);
    expect(report.mock.calls).toEqual([[1], [1]]);
    play(counter, 0.25, 0.5);
    expect(report.mock.calls).toEqual([[1], [1], [2]]);
  });

  it('an unmeasured track takes the length the element learns', () => {
    const report = vi.fn();
    const counter = createPlayCounter(report);
    counter.track(3, null);
    counter.duration(10);
    play(counter, 0, 5);
    expect(report).toHaveBeenCalledWith(3);
  });
});
