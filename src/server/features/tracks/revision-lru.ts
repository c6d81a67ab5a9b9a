/** What a RevisionLru keeps: the journal revision it was made at, and what it costs in bytes. */
export interface Revisioned {
  revision: number;
  bytes: number;
}

/**
 * Entries made at a journal revision, answered only at that very revision, bounded by the bytes
 * they are reckoned to cost, least recently used first (the whole list's cache, decision 0084, and
 * the filtered counts', 0900). Revisions are compared for equality only: they come from one
 * sequence and concurrent writers may commit them out of order, so the latest entry made wins and
 * an entry of another revision is never answered (it may only be made from).
 */
export class RevisionLru<T extends Revisioned> {
  readonly #entries = new Map<string, T>();
  /** Entries being made now, per key and revision: a burst of one stale entry makes it once. */
  readonly #makingPerKey = new Map<string, Map<number, Promise<T>>>();
  #bytes = 0;

  /**
   * `kept` when an entry is kept, `left` once it no longer is (replaced, forgotten or evicted), with
   * whatever replaced it kept already: the whole list's cache lends its bodies' memory by them
   * (decision 0914).
   */
  constructor(
    readonly maxBytes: number,
    private readonly hooks: RevisionLruHooks<T> = {},
  ) {}

  get bytes(): number {
    return this.#bytes;
  }

  get size(): number {
    return this.#entries.size;
  }

  /**
   * The entry of `key` at `revision`: the kept one when made at it (now the most recently used),
   * else `make(held)`'s, kept; `held` is the entry kept at another revision, if any. Concurrent
   * callers of one key and revision share one make.
   */
  get(key: string, revision: number, make: (held: T | undefined) => Promise<T>): Promise<T> {
    const held = this.#entries.get(key);
    if (held && held.revision === revision) {
      this.#entries.delete(key); // re-inserted last: most recently used
      this.#entries.set(key, held);
      return Promise.resolve(held);
    }
    const ofKey = this.#makingPerKey.get(key) ?? new Map<number, Promise<T>>();
    const pending = ofKey.get(revision);
    if (pending) return pending;
    this.#makingPerKey.set(key, ofKey);
    const promise = make(held)
      .then((entry) => {
        this.#store(key, entry);
        return entry;
      })
      .finally(() => {
        ofKey.delete(revision);
        if (ofKey.size === 0) this.#makingPerKey.delete(key);
      });
    ofKey.set(revision, promise);
    return promise;
  }

  /**
   * The newest make of `key` under way at a revision of at least `least` and not older than the
   * entry kept; undefined when there is none.
   */
  makingAtLeast(key: string, least: number): Promise<T> | undefined {
    const ofKey = this.#makingPerKey.get(key);
    if (!ofKey) return undefined;
    const floor = Math.max(least, this.#entries.get(key)?.revision ?? 0);
    let newest: number | undefined;
    for (const revision of ofKey.keys())
      if (revision >= floor && (newest === undefined || revision > newest)) newest = revision;
    return newest === undefined ? undefined : ofKey.get(newest);
  }

  /** Whether an entry of `key` is being made now, at any revision. */
  making(key: string): boolean {
    return this.#makingPerKey.has(key);
  }

  /** Whether an entry is kept for `key`, at any revision (no use recorded). */
  has(key: string): boolean {
    return this.#entries.has(key);
  }

  forget(key: string): void {
    const held = this.#entries.get(key);
    if (!held) return;
    this.#entries.delete(key);
    this.#bytes -= held.bytes;
    this.hooks.left?.(key, held);
  }

  /** The keys kept that start with `prefix` (no use recorded). */
  *keysStartingWith(prefix: string): Generator<string> {
    for (const key of this.#entries.keys()) if (key.startsWith(prefix)) yield key;
  }

  /** The entry kept for `key`, at whatever revision (no use recorded). */
  peek(key: string): T | undefined {
    return this.#entries.get(key);
  }

  /** `entry` costs `by` bytes more (a copy made later); counted only while it is the one kept. */
  grew(key: string, entry: T, by: number): void {
    entry.bytes += by;
    if (this.#entries.get(key) !== entry) return;
    this.#bytes += by;
    this.#evict();
  }

  #store(key: string, entry: T) {
    const replaced = this.#entries.get(key);
    if (replaced) {
      this.#entries.delete(key);
      this.#bytes -= replaced.bytes;
    }
    if (entry.bytes <= this.maxBytes) {
      this.#entries.set(key, entry);
      this.#bytes += entry.bytes;
      this.hooks.kept?.(key, entry);
    }
    // Told after the new entry is kept: what the replaced one leaves may go to it.
    if (replaced) this.hooks.left?.(key, replaced);
    this.#evict();
  }

  #evict() {
    for (const [oldestKey, oldest] of this.#entries) {
      if (this.#bytes <= this.maxBytes) break;
      this.#entries.delete(oldestKey);
      this.#bytes -= oldest.bytes;
      this.hooks.left?.(oldestKey, oldest);
    }
  }
}

/** What a RevisionLru's owner is told of its entries' keeping. */
export interface RevisionLruHooks<T> {
  kept?(key: string, entry: T): void;
  left?(key: string, entry: T): void;
}
