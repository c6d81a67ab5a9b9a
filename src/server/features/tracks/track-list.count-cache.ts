import { RevisionLru } from './revision-lru';
import type { Counts } from './track-list.count';

/**
 * A filtered journal's first-page counts, kept per owner and filter at the journal revision they
 * were counted at (decision 0900). The capped count of a common word is a trigram bitmap of the
 * whole instance's posting lists (13–20 ms on the scale seed) while the page itself reads 3–8 ms:
 * counted again for every first page of the same filter (the other sort, a reload, the filter
 * typed back), it was most of the work.
 *
 * Fresh by the list cache's own rule (decision 0084, TrackListCache): an entry is answered only at
 * the very revision it was counted at, and the caller takes that revision *before* counting, from
 * the same place the whole list takes it (the request's user row when read now, else
 * JournalRevisions, at least the client's token after its own write). Every write that can change a
 * count (a track added, deleted or edited, tagged or untagged, equipment renamed or deleted by
 * anyone, a guest's upload) renews the owner's revision in its own transaction (migrations 0004,
 * 0031, 0048): a count is never older than its revision, and a later revision misses.
 *
 * Bounded by `maxBytes`, least recently used first: each entry is reckoned at twice its key's
 * length (a two-byte string, at worst) plus ENTRY_OVERHEAD_BYTES for the Map's slot, the entry, the
 * counts and the key's parts.
 */
export class TrackCountCache {
  /** One entry per owner and filter (`<user id>\0<filter key>`): the latest revision counted. */
  readonly #kept: RevisionLru<KeptCounts>;

  constructor(readonly maxBytes: number) {
    this.#kept = new RevisionLru(maxBytes);
  }

  get bytes(): number {
    return this.#kept.bytes;
  }

  get size(): number {
    return this.#kept.size;
  }

  /**
   * The counts of `userId`'s journal at `revision` under `filterKey` (everything that changes the
   * count, nothing that does not: no sort, no cursor): kept ones when counted at that revision,
   * else `count()`'s, kept. Concurrent callers of one revision and key share one count.
   */
  async counts(
    userId: string,
    revision: number,
    filterKey: string,
    count: () => Promise<Counts>,
  ): Promise<Counts> {
    const key = `${userId}\0${filterKey}`;
    const kept = await this.#kept.get(key, revision, async () => ({
      revision,
      counts: await count(),
      bytes: 2 * key.length + ENTRY_OVERHEAD_BYTES,
    }));
    return kept.counts;
  }
}

interface KeptCounts {
  revision: number;
  counts: Counts;
  /** What the entry is reckoned to cost (TrackCountCache). */
  bytes: number;
}

/**
 * An entry beside its key's characters, on 64-bit V8 without pointer compression (Node's build): the
 * Map's slot and its share of the table (~56 bytes), the entry and the counts objects (~48 each),
 * a revision past the small integers (16) and the key's string headers (a cons of three parts,
 * ~150): 320 rounds it up.
 */
export const ENTRY_OVERHEAD_BYTES = 320;

/**
 * At most 2 MiB of kept counts per instance (as reckoned above): about 4,000 entries of a usual
 * filter (a word or two: a key of ~90 characters). A longer filter (up to what a URL holds) costs
 * more and leaves room for fewer: the bytes are bounded, not the number.
 */
export const TRACK_COUNT_CACHE_BYTES = 2 * 1024 * 1024;
