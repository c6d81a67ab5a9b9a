import { sql } from 'drizzle-orm';
import type { Database, QueueConnection } from '../../db/client';

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
 * issue 30): a check there starts a probe (one at a time) and answers with the last one settled, so
 * no request waits (decision 0490). No timer: without health checks no probe query runs (tests
 * counting queries see none). Up until a probe fails; down at once when PGlite is closed.
 */
export function databaseProbe(db: Database, connection: QueueConnection | undefined): DatabaseProbe {
  if (connection?.kind !== 'pglite') return { up: () => answers(db), close: () => {} };
  const client = connection.client;
  let last = true;
  let probing = false;
  const probe = () => {
    if (probing) return;
    probing = true;
    void answers(db).then((ok) => {
      last = ok;
      probing = false;
    });
  };
  probe();
  return {
    up: async () => {
      if (client.closed) return false;
      probe();
      return last;
    },
    close: () => {},
  };
}
