import type { EventEmitter } from 'node:events';

/**
 * Bodies at least this big are written into reused memory (decision 0914). Smaller ones come from
 * the allocator's heap, already mapped; bigger ones are mapped afresh and cost a page fault per
 * page on first write.
 */
export const REUSED_BODY_MIN_BYTES = 128 * 1024;

/**
 * The memory of the journal lists' bodies, kept for reuse once nothing reads it (decision 0914): a
 * list patched after a change is written into the memory of the list two changes back, not into
 * fresh memory. A fresh megabyte is faulted in page by page as it is first written, which on a
 * virtual machine that hands freed pages back to its host took over 2 ms for one copy of a 680 KB
 * list in 70, up to 6 ms: the whole tail of the list read right after a change.
 *
 * One spare per key (a person's list in one sort), never shared between keys: memory reused for
 * someone's list held only someone's list before, and only that key's own.
 */
export class ListMemory {
  readonly #spares = new Map<string, Buffer>();

  constructor(readonly minBytes = REUSED_BODY_MIN_BYTES) {}

  /**
   * Memory for a body of `length` bytes of `key` (its first `length` bytes are the body): the key's
   * spare when big enough, no longer a spare then; else new, with an eighth more to grow into.
   */
  take(key: string, length: number): Buffer {
    const spare = this.#spares.get(key);
    if (spare && spare.length >= length) {
      this.#spares.delete(key);
      return spare;
    }
    if (length < this.minBytes) return Buffer.allocUnsafe(length);
    return Buffer.allocUnsafeSlow(length + (length >> 3));
  }

  /**
   * Nothing reads `memory` any more: kept as `key`'s spare unless it is too small to be worth it or
   * the key holds a larger one. The bytes now held beyond what was (for the cache's reckoning).
   */
  give(key: string, memory: Buffer): number {
    if (memory.length < this.minBytes) return 0;
    const spare = this.#spares.get(key);
    if (spare && spare.length >= memory.length) return 0;
    this.#spares.set(key, memory);
    return memory.length - (spare?.length ?? 0);
  }

  /** `key` is no longer kept: its spare goes too. */
  drop(key: string): void {
    this.#spares.delete(key);
  }

  /** How many keys have a spare (tests). */
  get spares(): number {
    return this.#spares.size;
  }
}

/**
 * Who reads one body's memory: the cache while it keeps the list, a list being patched from it, a
 * reply sending it, a compression of it. When the last of them is done, `done(memory)` is called,
 * once: the memory may then be written over, so a read after that is a bug and throws rather than
 * send bytes that may be another list's.
 */
export class BodyReaders {
  #reading = 0;
  #done = false;

  constructor(
    readonly memory: Buffer,
    private readonly done: (memory: Buffer) => void,
  ) {}

  hold(): void {
    if (this.#done) throw new Error('A journal list body was read after its memory was given back');
    this.#reading += 1;
  }

  /**
   * One reader is done. One too many (a bug) changes nothing: it runs in a response's listener,
   * where a throw would stop the server.
   */
  release(): void {
    if (this.#reading === 0) return;
    this.#reading -= 1;
    if (this.#reading > 0) return;
    this.#done = true;
    this.done(this.memory);
  }

  /**
   * Held until `response` closes: sent whole or cut off, its writes are over by then (Node emits a
   * response's 'close' after 'finish', or once its socket is closed and any pending write cancelled).
   */
  holdUntilClosed(response: EventEmitter): void {
    this.hold();
    response.once('close', () => this.release());
  }

  /** Whether the memory was given back (tests). */
  get given(): boolean {
    return this.#done;
  }
}
