import { sql } from 'drizzle-orm';
import type { Database, QueueConnection } from '../../db/client';

/** How often PGlite's health is probed in the background (the answer is at most this old). */
const PGLITE_PROBE_MS = 1_000;

export interface DatabaseProbe {
  /** Whether the database answers; never waits behind other work on PGlite. */
  up(): Promise<boolean>;
  close(): void;
}

const answers = (db: Database) =>
  db.execute(sql`select 1`).then(
    () => true,
    () => false,
  );

/**
 * PostgreSQL is asked on each health check: it answers in parallel, and "reachable" is exactly what
 * a load balancer needs to know. PGlite runs in this process on one connection, so a check asked
 * there waits behind whatever query runs (one person editing a 5k journal made it 178 ms p99,
 * issue 30); it is probed in the background instead and the check reads the last answer, so no
 * request waits (decision 0490). A probe still waiting counts as up until it fails.
 */
export function databaseProbe(db: Database, connection: QueueConnection | undefined): DatabaseProbe {
  if (connection?.kind !== 'pglite') return { up: () => answers(db), close: () => {} };
  const client = connection.client;
  let last = answers(db);
  let probing = false;
  const timer = setInterval(() => {
    if (probing || client.closed) return;
    probing = true;
    const next = answers(db);
    next.then((ok) => {
      last = next;
      probing = false;
      return ok;
    });
  }, PGLITE_PROBE_MS);
  timer.unref();
  return {
    up: async () => !client.closed && (await last),
    close: () => clearInterval(timer),
  };
}
