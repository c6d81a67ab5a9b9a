import type { IncomingMessage } from 'node:http';
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { watchRate } from './upload-watchers';

// The minimum-rate deadline (decision 0250) on a stand-in request and fake clocks, so exactly when
// it fires is checked: by its own timer between chunks, later for every byte received, and never
// for time the server itself held the request paused.

const RATE = { bytesPerSecond: 1000, graceMs: 2000 };

/** A request body the test feeds by hand; `complete` as IncomingMessage has it. */
function fakeRequest() {
  const body = new PassThrough() as PassThrough & { complete: boolean };
  body.complete = false;
  // Flowing, as when piped into the multipart parser.
  body.resume();
  return body;
}

let tooSlow: ReturnType<typeof vi.fn<() => void>>;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  tooSlow = vi.fn<() => void>();
});
afterEach(() => vi.useRealTimers());

const watch = (req: PassThrough) => watchRate(req as unknown as IncomingMessage, RATE, tooSlow);
const send = async (req: PassThrough, bytes: number) => {
  req.write(Buffer.alloc(bytes));
  // Let the 'data' event out of the stream's queue.
  await vi.advanceTimersByTimeAsync(0);
};

describe('watchRate', () => {
  it('fires by its timer at the end of the grace period when nothing arrived, with no chunk to wake it', async () => {
    const req = fakeRequest();
    watch(req);
    await vi.advanceTimersByTimeAsync(1999);
    expect(tooSlow).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(tooSlow).toHaveBeenCalledTimes(1);
  });

  it('gives 1/rate of a second for each byte received: 500 bytes move the deadline by 0.5 s', async () => {
    const req = fakeRequest();
    watch(req);
    await send(req, 500);
    await vi.advanceTimersByTimeAsync(2499);
    expect(tooSlow).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(tooSlow).toHaveBeenCalledTimes(1);
  });

  it('cuts off a trickle that is never idle: a byte every 100 ms gets 2 s and a little, not for ever', async () => {
    const req = fakeRequest();
    watch(req);
    let elapsed = 0;
    while (tooSlow.mock.calls.length === 0 && elapsed < 10_000) {
      await send(req, 1);
      await vi.advanceTimersByTimeAsync(100);
      elapsed += 100;
    }
    expect(tooSlow).toHaveBeenCalledTimes(1);
    // 2 s of grace plus a millisecond for each of the ~21 bytes.
    expect(elapsed).toBeGreaterThanOrEqual(2000);
    expect(elapsed).toBeLessThanOrEqual(2100);
  });

  it('never fires for a body that keeps up with the rate, and stops with the body', async () => {
    const req = fakeRequest();
    watch(req);
    for (let i = 0; i < 50; i++) {
      await send(req, 200);
      await vi.advanceTimersByTimeAsync(100);
    }
    req.complete = true;
    req.end();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(tooSlow).not.toHaveBeenCalled();
  });

  it('does not count time the server held the request paused (its disk slower than the client)', async () => {
    const req = fakeRequest();
    watch(req);
    await vi.advanceTimersByTimeAsync(1000);
    req.pause();
    await vi.advanceTimersByTimeAsync(5000);
    req.resume();
    await vi.advanceTimersByTimeAsync(999);
    expect(tooSlow).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(tooSlow).toHaveBeenCalledTimes(1);
  });

  it('is off when the minimum is 0', async () => {
    const req = fakeRequest();
    watchRate(req as unknown as IncomingMessage, { bytesPerSecond: 0, graceMs: 10 }, tooSlow);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(tooSlow).not.toHaveBeenCalled();
  });

  it('stops when told to', async () => {
    const req = fakeRequest();
    const stop = watch(req);
    stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(tooSlow).not.toHaveBeenCalled();
  });
});
