import timers from 'node:timers';
import { turnOfThisWork } from './route-shares';

// Node's own, taken once: a test's fake timers must not hold the requests back.
const nextTurn = timers.setImmediate;

/**
 * Requests take turns on the event loop, as they take shares of the pool (route-shares.ts). Node
 * runs every callback that is ready in one pass: under 50 connections a pass ran 50 cached replies,
 * or eight PostgreSQL answers of 50 tracks each, before it read the next socket, and a health check
 * waited two or three such passes (20–30 ms at p50, decision 0935). A request's work comes in units
 * (its start, then each pooled query's answer); at most `perTurn` units of request work run in a pass
 * of the loop, and the rest wait for the next, taken round robin across routes, so one busy route
 * cannot fill every pass. Within a route, the request that started first goes first (decision
 * 0938): taken in arrival order, 50 Subsonic sync pages were all half built at once, each holding
 * its 500 rows and nodes, and the collector's pauses grew with them. A quiet loop runs each unit at
 * once: the queue is only there under load. Probes (`/api/health`, `/metrics`) and work outside a
 * request (jobs, start-up) never wait.
 */
export class RouteTurns {
  readonly #queues = new Map<string, Waiting[]>();
  #waiting = 0;
  #ranThisTurn = 0;
  #turnEnding = false;

  constructor(readonly perTurn: number) {}

  /**
   * Runs `unit` now or in a later pass of the loop, in `route`'s turn; at once without a route.
   * `order` is its request's (nextRequestOrder): in its route's line it goes behind the units of
   * requests started before it, ahead of later ones.
   */
  run(route: string | undefined, unit: () => void, order = Number.POSITIVE_INFINITY): void {
    if (route === undefined || this.#runsNow()) {
      unit();
      return;
    }
    const queue = this.#queues.get(route);
    if (queue) queue.splice(placeOf(queue, order), 0, { order, unit });
    else this.#queues.set(route, [{ order, unit }]);
    this.#waiting++;
    this.#endTurnSoon();
  }

  /** `value`, handed over in the turn of the route whose work this is. */
  deliver<T>(value: T): T | Promise<T> {
    const work = turnOfThisWork();
    if (work === undefined || this.#runsNow()) return value;
    return new Promise((resolve) => this.run(work.route, () => resolve(value), work.order));
  }

  /**
   * `fn` over `items`, `size` at a time, the loop handed back between pieces while other work waits
   * for a turn: one request's long piece of work (a Subsonic sync page's 500 songs) becomes several
   * units, so a pass of the loop stays short and a health check is not held behind it. Each piece
   * counts as a unit: on a quiet loop a piece waits only when its pass has had its share.
   */
  async mapInTurns<T, R>(items: readonly T[], size: number, fn: (item: T) => R): Promise<R[]> {
    const mapped: R[] = [];
    for (let start = 0; start < items.length; start += size) {
      if (start > 0) await this.deliver(undefined);
      const end = Math.min(start + size, items.length);
      for (let index = start; index < end; index++) mapped.push(fn(items[index] as T));
    }
    return mapped;
  }

  /** Units waiting for a turn (tests). */
  get waiting(): number {
    return this.#waiting;
  }

  /** Whether a unit may run in this pass: nothing waits before it and the pass has room (counted). */
  #runsNow(): boolean {
    if (this.perTurn <= 0) return true;
    if (this.#waiting > 0 || this.#ranThisTurn >= this.perTurn) return false;
    this.#ranThisTurn++;
    this.#endTurnSoon();
    return true;
  }

  /**
   * Queues the next pass: `perTurn` callbacks of the loop's check phase, one unit each. Each is a
   * callback of its own, so a unit's promise chain runs to its end before the next unit starts, as
   * after any I/O callback. Two answers resolved in one callback interleaved their chains: the
   * whole list's cache lent a body that the other chain had just given back (decision 0935).
   */
  #endTurnSoon() {
    if (this.#turnEnding) return;
    this.#turnEnding = true;
    nextTurn(() => {
      this.#turnEnding = false;
      this.#ranThisTurn = 0;
      this.#runOne();
    });
    for (let slot = 1; slot < this.perTurn; slot++) nextTurn(() => this.#runOne());
  }

  /** One slot of a pass: the next waiting unit, one route after another. */
  #runOne() {
    try {
      if (this.#waiting === 0 || this.#ranThisTurn >= this.perTurn) return;
      const [route, queue] = this.#queues.entries().next().value as [string, Waiting[]];
      const { unit } = queue.shift() as Waiting;
      // The route served goes to the back of the line.
      this.#queues.delete(route);
      if (queue.length > 0) this.#queues.set(route, queue);
      this.#waiting--;
      this.#ranThisTurn++;
      unit();
    } finally {
      // Another pass: for the units still waiting, or to start the count of the next one afresh.
      if (this.#waiting > 0 || this.#ranThisTurn > 0) this.#endTurnSoon();
    }
  }
}

interface Waiting {
  order: number;
  unit: () => void;
}

/** Where a unit of `order` goes in its route's queue: after every unit of an earlier or equal order. */
function placeOf(queue: Waiting[], order: number): number {
  let low = 0;
  let high = queue.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((queue[middle] as Waiting).order <= order) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The one event loop's turns: every app in this process shares them. */
export const routeTurns = new RouteTurns(2);
