import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TRANSCODE_WAIT_MS, TranscodeBusy, TranscodeSlots } from './transcode-slots';

/** The line of decision 0535, with fake timers for its wait. */
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** Whether a promise has settled yet, and how. */
function track<T>(promise: Promise<T>) {
  const state: { value?: T; error?: unknown; settled: boolean } = { settled: false };
  promise.then(
    (value) => Object.assign(state, { value, settled: true }),
    (error: unknown) => Object.assign(state, { error, settled: true }),
  );
  return state;
}

describe('TranscodeSlots', () => {
  it("one person holds one slot: their second waits while another person's starts at once", async () => {
    const slots = new TranscodeSlots({ slots: 2 });
    const first = await slots.take('ann');
    const second = track(slots.take('ann'));
    const bob = track(slots.take('bob'));
    await vi.advanceTimersByTimeAsync(0);
    expect(bob.settled).toBe(true);
    expect(second.settled).toBe(false);
    expect([slots.inUse(), slots.inUse('ann'), slots.waiting()]).toEqual([2, 1, 1]);
    // Ann's first ends (the player skipped): her second starts in its place.
    first();
    first();
    await vi.advanceTimersByTimeAsync(0);
    expect(second.value).toBeTypeOf('function');
    expect([slots.inUse(), slots.inUse('ann'), slots.waiting()]).toEqual([2, 1, 0]);
  });

  it('a freed slot goes to the oldest waiter whose person holds none, not to a person holding one', async () => {
    const slots = new TranscodeSlots({ slots: 2 });
    const ann = await slots.take('ann');
    const bob = await slots.take('bob');
    const annAgain = track(slots.take('ann'));
    const cid = track(slots.take('cid'));
    bob();
    await vi.advanceTimersByTimeAsync(0);
    expect(cid.settled).toBe(true);
    expect(annAgain.settled).toBe(false);
    ann();
    await vi.advanceTimersByTimeAsync(0);
    expect(annAgain.settled).toBe(true);
  });

  it('past the wait: busy (code 0), and the line is left', async () => {
    const slots = new TranscodeSlots({ slots: 1 });
    await slots.take('ann');
    const bob = track(slots.take('bob'));
    await vi.advanceTimersByTimeAsync(TRANSCODE_WAIT_MS - 1);
    expect(bob.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(bob.error).toBeInstanceOf(TranscodeBusy);
    expect((bob.error as TranscodeBusy).code).toBe(0);
    expect(slots.waiting()).toBe(0);
  });

  it('a listener who goes away while waiting leaves the line and is never given a slot', async () => {
    const slots = new TranscodeSlots({ slots: 1 });
    const ann = await slots.take('ann');
    const gone = new AbortController();
    const bob = track(slots.take('bob', gone.signal));
    gone.abort(new Error('gone'));
    await vi.advanceTimersByTimeAsync(0);
    expect((bob.error as Error).message).toBe('gone');
    ann();
    expect([slots.inUse(), slots.waiting()]).toEqual([0, 0]);
  });
});
