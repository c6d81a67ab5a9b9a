import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * No route can take every connection of the PostgreSQL pool (issue 48). Fifty requests of one slow
 * route used to hold all ten connections and queue the rest, so `/api/health`, the sign-in check and
 * every other page waited behind them (up to the pool's 5 s connection timeout). A route may check
 * out half of them for transactions (decision 0938) and run a fifth of them as plain statements
 * (resilient-pool.ts, decision 0950), each a count of its own. Each request runs
 * in the context of its route (set by plugins/route-shares.ts); a route's queries may hold at most
 * `perRoute` connections at once and its further queries wait for one of its own, not for the pool,
 * so the other routes always find a connection. Work outside a request (jobs, start-up) is not
 * counted.
 */
const currentRoute = new AsyncLocalStorage<{ route: string; probe: boolean; order: number }>();
/** Requests numbered as they start: the earlier a request started, the sooner its turns (route-turns.ts). */
let started = 0;

/**
 * Runs `fn` (and everything it starts) as work of `route`, of a request numbered `order`; a `probe`
 * (health, metrics) still counts against its route's share but never waits for a turn of the event
 * loop (route-turns.ts).
 */
export const runAsRoute = <T>(route: string, fn: () => T, probe = false, order = started++): T =>
  currentRoute.run({ route, probe, order }, fn);

/** The number of a request about to start (runAsRoute's `order`). */
export const nextRequestOrder = (): number => started++;

/** The route whose work this is, if any. */
export const routeOfThisWork = (): string | undefined => currentRoute.getStore()?.route;

/**
 * The route whose turn this work takes on the event loop, and its request's number: none for a
 * probe or outside a request.
 */
export const turnOfThisWork = (): { route: string; order: number } | undefined => {
  const work = currentRoute.getStore();
  return work && !work.probe ? work : undefined;
};

/** Per-route counting semaphores over the pool's connections. */
export class RouteShares {
  readonly #held = new Map<string, number>();
  readonly #waiting = new Map<string, (() => void)[]>();

  constructor(readonly perRoute: number) {}

  /** Waits for a connection share of the current route; resolves to its release (once). */
  async take(): Promise<() => void> {
    const route = routeOfThisWork();
    if (route === undefined || this.perRoute <= 0) return () => {};
    if ((this.#held.get(route) ?? 0) >= this.perRoute) {
      await new Promise<void>((resolve) => {
        const queue = this.#waiting.get(route) ?? [];
        queue.push(resolve);
        this.#waiting.set(route, queue);
      });
    } else {
      this.#held.set(route, (this.#held.get(route) ?? 0) + 1);
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#release(route);
    };
  }

  /** Hands the share to the route's next waiter (the count stays), or gives it back. */
  #release(route: string) {
    const queue = this.#waiting.get(route);
    const next = queue?.shift();
    if (queue && queue.length === 0) this.#waiting.delete(route);
    if (next) return next();
    const held = (this.#held.get(route) ?? 1) - 1;
    if (held > 0) this.#held.set(route, held);
    else this.#held.delete(route);
  }

  /** Connections held by `route` now (tests). */
  heldBy(route: string): number {
    return this.#held.get(route) ?? 0;
  }
}
