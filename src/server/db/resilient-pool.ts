import pg from 'pg';
import { fromDatabase, isDatabaseUnavailable, isRetryableTermination, markFromDatabase } from './errors';
import { RouteShares } from './route-shares';
import { routeTurns } from './route-turns';

export type ConnectionLossListener = (err: Error) => void;

type QueryCallback = (err: Error | undefined, result?: unknown) => void;
type ReleasableClient = pg.PoolClient & { release(err?: Error | boolean): void };

/**
 * pg.Pool made to survive what a PostgreSQL server does to its connections: restarts, failovers,
 * pg_terminate_backend, idle timeouts. Plain pg.Pool turns each of those into an unhandled
 * 'error' event that kills the process, and drizzle's transaction leaks the pool slot when BEGIN
 * fails on a dead connection (its release sits in a finally block after BEGIN). Here:
 * - every connection, idle or checked out, has an error listener that only reports the loss;
 * - a checked-out connection that dies is released with the error (so the pool drops it) and a
 *   second release from drizzle is ignored, so no slot is ever leaked;
 * - a single autocommit statement refused because its backend was being terminated (57P01/57P02)
 *   never ran, so it is retried once on a fresh connection: a terminated idle connection is not
 *   the caller's problem.
 * New connections are made on demand, so the pool recovers by itself once the server is back.
 */
export class ResilientPool extends pg.Pool {
  /** No request route checks out more than this share of the connections (route-shares.ts). */
  readonly shares: RouteShares;
  /** No request route runs more than this many plain statements at once (decision 0950). */
  readonly statementShares: RouteShares;

  constructor(
    config: pg.PoolConfig,
    private readonly onConnectionLost: ConnectionLossListener,
  ) {
    super(config);
    // Half the connections (decision 0938): with eight of ten, one busy route kept eight backends
    // running on a 2-core database server, and a health check's `select 1` and the event loop
    // waited for the CPU behind them (26 ms p99 beside 50 connections of search; 15.7 ms with five,
    // for 4 % of search's throughput).
    this.shares = new RouteShares(Math.max(1, Math.floor((config.max ?? 10) / 2)));
    // A fifth of them for a route's plain statements (decision 0950): with five, fifty requests of
    // one read-heavy route (search, an equipment page) kept five backends running on a 2-core
    // database server beside the app, and health's p99 read 20–30 ms; with two, 11–18 ms, for
    // 10–15 % of that route's throughput. A count of its own, not the checkouts': a transaction's
    // request may still run a plain statement, and one count would let two such requests each wait
    // for the other's share.
    this.statementShares = new RouteShares(Math.max(1, Math.floor((config.max ?? 10) / 5)));
    this.on('error', (err) => this.onConnectionLost(err));
    this.on('connect', (client) => {
      client.on('error', (err) => this.onConnectionLost(err));
    });
  }

  // biome-ignore lint/suspicious/noExplicitAny: mirrors pg.Pool's overloads
  override connect(callback?: any): any {
    // pg.Pool's own query() checks out through here with a callback: counted in query() below.
    if (callback) return super.connect(callback);
    return this.shares.take().then((giveBack) =>
      super.connect().then(
        (client) => guardCheckedOut(client as ReleasableClient, giveBack),
        (err: unknown) => {
          giveBack();
          return fromDatabase(err);
        },
      ),
    );
  }

  // biome-ignore lint/suspicious/noExplicitAny: mirrors pg.Pool's overloads
  override query(text: any, values?: any, callback?: any): any {
    if (typeof values === 'function' || typeof callback === 'function') {
      return super.query(text, values, callback);
    }
    const attempt = () => super.query(text, values) as Promise<unknown>;
    return this.statementShares.take().then((giveBack) =>
      attempt()
        .catch((err: unknown) => {
          if (isRetryableTermination(err)) return attempt();
          throw err;
        })
        .catch(fromDatabase)
        .finally(giveBack)
        // Its answer is handed over in the route's turn of the event loop (route-turns.ts).
        .then((result) => routeTurns.deliver(result)),
    );
  }
}

/**
 * A checked-out client that gives its slot back the moment its connection is known dead. The
 * wrapping lasts one checkout: releasing restores the client's own query and release, since the
 * pool hands the same client object to the next caller.
 */
function guardCheckedOut(client: ReleasableClient, giveBack: () => void): pg.PoolClient {
  const ownRelease = client.release;
  const ownQuery = client.query;
  const release = ownRelease.bind(client);
  const query = ownQuery.bind(client) as (...args: unknown[]) => unknown;
  let released = false;
  const releaseOnce = (err?: Error | boolean) => {
    if (released) return;
    released = true;
    client.release = ownRelease;
    client.query = ownQuery;
    release(err);
    giveBack();
  };
  const releaseIfGone = (err: unknown) => {
    if (!released && isConnectionGone(client, err)) releaseOnce(err as Error);
  };
  client.release = releaseOnce;
  (client as { query: unknown }).query = (...args: unknown[]) => {
    const last = args.at(-1);
    if (typeof last === 'function') {
      const callback = last as QueryCallback;
      return query(...args.slice(0, -1), (err: Error | undefined, result?: unknown) => {
        if (err) {
          releaseIfGone(err);
          markFromDatabase(err);
        }
        callback(err, result);
      });
    }
    const result = query(...args);
    if (result instanceof Promise) {
      return result.catch((err: unknown) => {
        releaseIfGone(err);
        return fromDatabase(err);
      });
    }
    return result;
  };
  return client;
}

/**
 * The query failed because the connection is gone, not because of the query (a constraint, a
 * syntax error). pg marks an ended client not queryable (a private field, read defensively), but the
 * query's error can arrive before the socket's end, so the error itself is looked at too.
 */
function isConnectionGone(client: pg.PoolClient, err: unknown): boolean {
  const state = client as unknown as { _queryable?: boolean; _ending?: boolean };
  return state._queryable === false || state._ending === true || isDatabaseUnavailable(err);
}
