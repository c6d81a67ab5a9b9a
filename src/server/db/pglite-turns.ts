import { setImmediate as nextTurn } from 'node:timers/promises';
import type { PGlite, Transaction } from '@electric-sql/pglite';

const TAKES_TURNS = Symbol('journal.pgliteTakesTurns');

type Statement = 'query' | 'exec' | 'sql';

/**
 * PGlite runs each statement on this thread, and a request's statements follow one another as
 * promise continuations, which run before Node reads any socket again: a PATCH's four statements
 * and the list read after it kept /api/health (and every other request) waiting for all of them,
 * p50 11.5 ms and p99 40 ms beside one person editing a 5k journal (decision 0505).
 *
 * So every statement first waits for the event loop's next turn (setImmediate: after the sockets
 * ready now are read), also inside a transaction: other requests are heard between any two
 * statements, and answer at once when they need no statement (health reads a probe already
 * settled, a cached list its bytes). Statements still run one at a time in the order asked.
 * Applied once per instance (tests lease pooled ones again and again).
 */
export function takeTurns(client: PGlite): PGlite {
  const marked = client as PGlite & { [TAKES_TURNS]?: true };
  if (marked[TAKES_TURNS]) return client;
  marked[TAKES_TURNS] = true;
  // The instance's sql`` calls its own query(): waiting in query() covers it.
  waitTurnBefore(client, ['query', 'exec']);
  const transaction = client.transaction.bind(client);
  client.transaction = async (run) => {
    await nextTurn();
    return transaction((tx) => run(waitTurnBefore(tx, ['query', 'exec', 'sql'])));
  };
  return client;
}

function waitTurnBefore<T extends PGlite | Transaction>(target: T, names: Statement[]): T {
  const methods = target as unknown as Record<Statement, (...args: unknown[]) => Promise<unknown>>;
  for (const name of names) {
    const own = methods[name].bind(target);
    methods[name] = async (...args: unknown[]) => {
      await nextTurn();
      return own(...args);
    };
  }
  return target;
}
