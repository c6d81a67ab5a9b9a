import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { BodyReaders, ListMemory, REUSED_BODY_MIN_BYTES } from './track-list.memory';

describe('ListMemory (decision 0914)', () => {
  it("gives a key back its own spare when big enough, and never another key's", () => {
    const memory = new ListMemory();
    const big = REUSED_BODY_MIN_BYTES * 2;
    const fresh = memory.take('a', big);
    // Room to grow by an eighth: a list a few tracks longer still fits.
    expect(fresh.length).toBe(big + big / 8);
    expect(memory.give('a', fresh)).toBe(fresh.length);
    expect(memory.take('b', big)).not.toBe(fresh);
    expect(memory.take('a', fresh.length + 1)).not.toBe(fresh); // too small: kept for later
    expect(memory.take('a', big)).toBe(fresh);
    // Taken: no longer a spare.
    expect(memory.take('a', big)).not.toBe(fresh);
    expect(memory.spares).toBe(0);
  });

  it('keeps the larger of two spares, none below the bound, and none of a dropped key', () => {
    const memory = new ListMemory();
    const small = Buffer.alloc(REUSED_BODY_MIN_BYTES - 1);
    expect(memory.give('a', small)).toBe(0);
    expect(memory.take('a', 10)).not.toBe(small);
    expect(memory.take('a', 10).length).toBe(10); // small bodies: exactly their size
    const one = Buffer.alloc(REUSED_BODY_MIN_BYTES);
    const two = Buffer.alloc(REUSED_BODY_MIN_BYTES * 2);
    expect(memory.give('a', two)).toBe(two.length);
    expect(memory.give('a', one)).toBe(0);
    expect(memory.take('a', REUSED_BODY_MIN_BYTES)).toBe(two);
    expect(memory.give('a', one)).toBe(one.length);
    expect(memory.give('a', two)).toBe(two.length - one.length);
    memory.drop('a');
    expect(memory.spares).toBe(0);
    expect(memory.take('a', REUSED_BODY_MIN_BYTES)).not.toBe(two);
  });
});

describe('BodyReaders', () => {
  it('gives the memory back once, when the last reader is done, and refuses a read after', () => {
    const memory = Buffer.alloc(4);
    const given: Buffer[] = [];
    const readers = new BodyReaders(memory, (m) => given.push(m));
    readers.hold();
    readers.hold();
    readers.release();
    expect(given).toEqual([]);
    readers.release();
    expect(given).toEqual([memory]);
    expect(readers.given).toBe(true);
    expect(() => readers.hold()).toThrow(/after its memory was given back/);
    readers.release(); // one too many: nothing more happens
    expect(given).toHaveLength(1);
  });

  it('holds for a response until it closes', () => {
    const given: Buffer[] = [];
    const readers = new BodyReaders(Buffer.alloc(4), (m) => given.push(m));
    readers.hold(); // the cache
    const response = new EventEmitter();
    readers.holdUntilClosed(response);
    readers.release();
    response.emit('finish');
    expect(given).toHaveLength(0);
    response.emit('close');
    expect(given).toHaveLength(1);
  });
});
