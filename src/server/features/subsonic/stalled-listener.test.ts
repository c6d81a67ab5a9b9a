import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { watchForStall } from './stalled-listener';

/** A socket's counters as a test sets them: what was handed to it, and what still waits in it. */
const socket = () => ({ bytesWritten: 0, writableLength: 0, destroyed: false });

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('watchForStall (decision 0535)', () => {
  it('cuts a listener who takes nothing for the whole timeout while bytes wait for them', () => {
    const s = socket();
    const onStall = vi.fn();
    watchForStall(s, 30_000, onStall);
    // 4 MB taken by the kernel, then 16 KB stuck in the socket's queue: the reader stopped.
    Object.assign(s, { bytesWritten: 4_016_384, writableLength: 16_384 });
    vi.advanceTimersByTime(1000);
    vi.advanceTimersByTime(29_000);
    expect(onStall).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1000);
    expect(onStall).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(60_000);
    expect(onStall).toHaveBeenCalledOnce();
  });

  it('any byte taken starts the timeout again: a slow reader is no stalled one', () => {
    const s = socket();
    const onStall = vi.fn();
    watchForStall(s, 30_000, onStall);
    Object.assign(s, { bytesWritten: 100_000, writableLength: 16_384 });
    for (let i = 0; i < 10; i++) {
      vi.advanceTimersByTime(25_000);
      // One more segment drained (a player reading a little every 25 s).
      s.writableLength -= 1;
    }
    expect(onStall).not.toHaveBeenCalled();
  });

  it('bytes produced into the queue are no progress; nothing queued (ffmpeg is slow) is no stall', () => {
    const s = socket();
    const onStall = vi.fn();
    watchForStall(s, 10_000, onStall);
    // Nothing waits for the listener for a minute: we are the slow ones.
    vi.advanceTimersByTime(60_000);
    expect(onStall).not.toHaveBeenCalled();
    // Then bytes pile up in the queue but none leave: written grows, written minus queued does not.
    s.bytesWritten = 16_384;
    s.writableLength = 16_384;
    vi.advanceTimersByTime(5000);
    s.bytesWritten += 65_536;
    s.writableLength += 65_536;
    vi.advanceTimersByTime(6000);
    expect(onStall).toHaveBeenCalledOnce();
  });

  it('stops with the reply, or once the socket is gone', () => {
    const s = socket();
    const onStall = vi.fn();
    const stop = watchForStall(s, 1000, onStall);
    Object.assign(s, { bytesWritten: 10, writableLength: 10 });
    stop();
    vi.advanceTimersByTime(5000);
    const t = socket();
    watchForStall(t, 1000, onStall);
    Object.assign(t, { bytesWritten: 10, writableLength: 10, destroyed: true });
    vi.advanceTimersByTime(5000);
    expect(onStall).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });
});
