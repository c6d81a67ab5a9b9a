import { describe, expect, it } from 'vitest';
import { JOURNAL_WORKERS_AT_ONCE, journalWorkerSlot } from './journal-thread';

// Issue 41: each journal check runs a worker that may grow to a gigabyte; one import a person does
// not bound how many people check archives at once, so the workers of an instance are bounded.
describe('journal worker slots', () => {
  it(`at most ${JOURNAL_WORKERS_AT_ONCE} at once; the next waits, oldest first, and gets a freed slot`, async () => {
    const held = await Promise.all(
      Array.from({ length: JOURNAL_WORKERS_AT_ONCE }, () => journalWorkerSlot()),
    );
    const order: string[] = [];
    const third = journalWorkerSlot().then((release) => {
      order.push('third');
      return release;
    });
    const fourth = journalWorkerSlot().then((release) => {
      order.push('fourth');
      return release;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(order).toEqual([]);

    held[0]!();
    held[0]!(); // a second release of the same slot frees nothing more
    const thirdRelease = await third;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(order).toEqual(['third']);

    held[1]!();
    const fourthRelease = await fourth;
    expect(order).toEqual(['third', 'fourth']);
    thirdRelease();
    fourthRelease();
    // All given back: as many start at once again, without waiting.
    const again = await Promise.all(
      Array.from({ length: JOURNAL_WORKERS_AT_ONCE }, () => journalWorkerSlot()),
    );
    for (const release of again) release();
  });
});
