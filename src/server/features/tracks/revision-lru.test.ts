import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RevisionLru } from './revision-lru';

interface Entry {
  revision: number;
  bytes: number;
  made: number;
}

describe('RevisionLru', () => {
  it('answers only at the revision made at, keeps the latest, and stays within its bytes', async () => {
    const step = fc.record({
      key: fc.constantFrom('a', 'b', 'c', 'd'),
      revision: fc.integer({ min: 1, max: 4 }),
      bytes: fc.integer({ min: 1, max: 60 }),
      grow: fc.integer({ min: 0, max: 30 }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 60 }), async (steps) => {
        const lru = new RevisionLru<Entry>(100);
        let made = 0;
        for (const { key, revision, bytes, grow } of steps) {
          const wasKept = lru.has(key);
          const before = made;
          let heldGiven: Entry | undefined;
          const entry = await lru.get(key, revision, async (held) => {
            heldGiven = held;
            made += 1;
            return { revision, bytes, made };
          });
          expect(entry.revision).toBe(revision);
          if (made > before) {
            // Made anew: from the entry kept at another revision, when there was one.
            if (heldGiven) expect(heldGiven.revision).not.toBe(revision);
            if (!wasKept) expect(heldGiven).toBeUndefined();
          }
          if (grow > 0) lru.grew(key, entry, grow);
          expect(lru.bytes).toBeLessThanOrEqual(100);
          expect(lru.bytes).toBeGreaterThanOrEqual(0);
        }
      }),
    );
  });

  it('makes an entry once for concurrent callers of one key and revision', async () => {
    const lru = new RevisionLru<Entry>(1_000);
    let makes = 0;
    const make = async () => {
      makes += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return { revision: 7, bytes: 10, made: makes };
    };
    const [a, b] = await Promise.all([lru.get('k', 7, make), lru.get('k', 7, make)]);
    expect(makes).toBe(1);
    expect(a).toBe(b);
    expect(await lru.get('k', 7, make)).toBe(a);
    expect(makes).toBe(1);
    await lru.get('k', 8, make);
    expect(makes).toBe(2);
  });

  it('evicts the least recently used first, and counts growth only of a kept entry', async () => {
    const lru = new RevisionLru<Entry>(100);
    const entry = (bytes: number) => async () => ({ revision: 1, bytes, made: 0 });
    const a = await lru.get('a', 1, entry(40));
    await lru.get('b', 1, entry(40));
    await lru.get('a', 1, entry(40)); // a is now the most recently used
    await lru.get('c', 1, entry(40));
    expect([lru.has('a'), lru.has('b'), lru.has('c')]).toEqual([true, false, true]);
    expect(lru.bytes).toBe(80);
    lru.forget('a');
    expect(lru.bytes).toBe(40);
    lru.grew('a', a, 50); // no longer kept: costs the cache nothing
    expect(lru.bytes).toBe(40);
    expect(a.bytes).toBe(90);
    expect(await lru.get('big', 1, entry(101))).toMatchObject({ bytes: 101 });
    expect(lru.has('big')).toBe(false);
  });
});

it('tells whether an entry of a key is being made, at any revision, until the make settles', async () => {
  const lru = new RevisionLru<{ revision: number; bytes: number }>(1_000);
  let finish!: () => void;
  const made = lru.get(
    'a',
    1,
    () => new Promise((resolve) => (finish = () => resolve({ revision: 1, bytes: 1 }))),
  );
  const failed = lru.get('a', 2, () => Promise.reject(new Error('gone')));
  expect(lru.making('a')).toBe(true);
  expect(lru.making('b')).toBe(false);
  await expect(failed).rejects.toThrow('gone');
  expect(lru.making('a'), 'the first is still under way').toBe(true);
  finish();
  await made;
  expect(lru.making('a')).toBe(false);
});

describe('RevisionLru.makingAtLeast (decision 0946)', () => {
  const deferred = () => {
    let resolve!: (entry: Entry) => void;
    const promise = new Promise<Entry>((r) => {
      resolve = r;
    });
    return { promise, resolve };
  };

  it('offers the newest make under way at or past the floor and the kept revision; none once done', async () => {
    const lru = new RevisionLru<Entry>(1_000);
    await lru.get('a', 3, async () => ({ revision: 3, bytes: 1, made: 0 }));
    const at5 = deferred();
    const at7 = deferred();
    const five = lru.get('a', 5, () => at5.promise);
    const seven = lru.get('a', 7, () => at7.promise);
    expect(lru.makingAtLeast('a', 0)).toBe(seven);
    expect(lru.makingAtLeast('a', 8)).toBeUndefined();
    expect(lru.makingAtLeast('b', 0)).toBeUndefined();
    at7.resolve({ revision: 7, bytes: 1, made: 7 });
    await seven;
    // 7 is kept now: the make at 5 is older than it, so it is offered to nobody.
    expect(lru.makingAtLeast('a', 0)).toBeUndefined();
    expect(lru.making('a')).toBe(true);
    at5.resolve({ revision: 5, bytes: 1, made: 5 });
    await five;
    expect(lru.making('a')).toBe(false);
    expect(lru.makingAtLeast('a', 0)).toBeUndefined();
  });
});
