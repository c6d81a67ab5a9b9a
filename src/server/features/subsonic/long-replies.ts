import timers from 'node:timers';
import type { SubsonicParams } from './subsonic-params';
import { ITEMS_A_TURN } from './subsonic-response';

/**
 * The parameters that size a Subsonic list (search3's songCount…, getAlbumList2's size,
 * getRandomSongs' size, getSimilarSongs' count…): a request asking for more than ITEMS_A_TURN items
 * through any of them asks for a long reply.
 */
const LIST_SIZE_PARAMS = ['songCount', 'albumCount', 'artistCount', 'size', 'count'] as const;

/** Whether the request asks for a list longer than ITEMS_A_TURN (a sync page of 500 songs). */
export function asksForLongList(params: SubsonicParams): boolean {
  return LIST_SIZE_PARAMS.some((name) => {
    const value = params.get(name);
    // A bad value is the method's to refuse; it asks for nothing long.
    return value !== undefined && /^\d{1,9}$/.test(value) && Number(value) > ITEMS_A_TURN;
  });
}

/** What `LongReplyLine.run` gives instead of a reply when its caller left while it waited. */
export const CALLER_LEFT = Symbol('caller left');

/**
 * How long one maker holds the line before the next may start beside it. A guard, not a measure: a
 * sync page takes well under a second; one whose database call never settles would otherwise hold
 * every later long reply of the instance for as long (decision 0948).
 */
export const LINE_HOLD_MS = 10_000;

// Node's own, taken at import: a test's fake clock must not hold a real request's turn.
const { setTimeout, clearTimeout } = timers;

/**
 * Long Subsonic replies made one at a time on this instance, in the order asked (decision 0947).
 * A sync page of 500 songs allocates ~8 MB on the event loop's thread. Fifty of them made side by
 * side held each other's rows and nodes across V8's young-generation collections, which then copied
 * and promoted megabytes each time: 6 ms pauses at p50, 14 ms at p90, and /api/health's p99 beside
 * them 29–32 ms. Made one at a time, the pauses fell to 3.6 / 6.6 ms, health to 18–20 ms, and the
 * pages' throughput stayed (a core's work either way). Short requests never wait here: they take
 * their turns beside the long one (db/route-turns.ts). Per process, as the turns are.
 * A caller who left while waiting is skipped when its turn comes, and a maker past `holdMs` lets the
 * next one start (decision 0948).
 */
export class LongReplyLine {
  #busy = false;
  #skipped = 0;
  readonly #waiting: (() => void)[] = [];

  constructor(private readonly holdMs = LINE_HOLD_MS) {}

  /** Resolves once the caller may make its reply, with the release (idempotent). */
  async take(): Promise<() => void> {
    // Handed over busy by the release, so a caller arriving meanwhile cannot slip in.
    if (this.#busy) await new Promise<void>((resolve) => this.#waiting.push(resolve));
    else this.#busy = true;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.#waiting.shift();
      if (next) next();
      else this.#busy = false;
    };
  }

  /**
   * `make`'s result, made once the line lets it; the line moves on when it settles, either way, or
   * after `holdMs`. With `wanted`, asked when the turn comes: false (the caller hung up meanwhile)
   * gives CALLER_LEFT at once, and `make` never runs.
   */
  async run<T>(make: () => Promise<T>, wanted?: () => boolean): Promise<T | typeof CALLER_LEFT> {
    const release = await this.take();
    if (wanted && !wanted()) {
      this.#skipped += 1;
      release();
      return CALLER_LEFT;
    }
    const held = setTimeout(release, this.holdMs);
    try {
      return await make();
    } finally {
      clearTimeout(held);
      release();
    }
  }

  get waiting(): number {
    return this.#waiting.length;
  }

  /** How many callers had left by their turn (their replies were never made). */
  get skipped(): number {
    return this.#skipped;
  }
}

export const longReplies = new LongReplyLine();
