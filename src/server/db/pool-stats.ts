import pg from 'pg';
import type { Database } from './client';

/** The app's connection pool as the metrics report it (observability/metrics.ts, decision 0440). */
export interface PoolStats {
  /** Connections the pool may open. */
  max: number;
  /** Open connections lent to a query or transaction right now (undefined: not knowable, PGlite). */
  inUse?: number;
  /** Open connections waiting for work. */
  idle?: number;
  /** Queries and transactions waiting for a connection (the pool is at max). */
  waiting?: number;
}

/**
 * PostgreSQL: pg.Pool's own counts. PGlite runs in this process on one connection that queues
 * queries inside itself and shows no count of them: only its max of 1 is reported, so that
 * nothing outside db/ has to know which database runs and no gauge claims a number it cannot know.
 */
export function poolStats(db: Database): PoolStats {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool)) return { max: 1 };
  return {
    max: client.options.max ?? 10,
    inUse: client.totalCount - client.idleCount,
    idle: client.idleCount,
    waiting: client.waitingCount,
  };
}
