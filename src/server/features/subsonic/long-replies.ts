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

/**
 * Long Subsonic replies made one at a time on this instance, in the order asked (decision 0947).
 * A sync page of 500 songs allocates ~8 MB on the event loop's thread. Fifty of them made side by
 * side held each other's rows and nodes across V8's young-generation collections, which then copied
 * and promoted megabytes each time: 6 ms pauses at p50, 14 ms at p90, and /api/health's p99 beside
 * them 29–32 ms. Made one at a time, the pauses fell to 3.6 / 6.6 ms, health to 18–20 ms, and the
 * pages' throughput stayed (a core's work either way). Short requests never wait here: they take
 * their turns beside the long one (db/route-turns.ts). Per process, as the turns are.
 */
export class LongReplyLine {
  #busy = false;
  readonly #waiting: (() => void)[] = [];

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

  /** `make`'s result, made once the line lets it; the line moves on when it settles, either way. */
  async run<T>(make: () => Promise<T>): Promise<T> {
    const release = await this.take();
    try {
      return await make();
    } finally {
      release();
    }
  }

  get waiting(): number {
    return this.#waiting.length;
  }
}

export const longReplies = new LongReplyLine();
