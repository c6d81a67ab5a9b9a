import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { expect } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../server/db/client';
import { runMigrations } from '../server/db/migrate';
import { leasePglite } from './pglite-pool';

/**
 * A fresh, migrated database (each call its own): in-memory PGlite by default, taken from the test
 * worker's pool at the migrated template's state, or a throw-away database on the PostgreSQL server
 * named by TEST_DATABASE_URL (CI runs the API suite both ways).
 */
export interface TestDatabase extends DatabaseHandle {
  /** SQL statements run since the last reset (to prove a list costs a constant number of queries). */
  queries: string[];
  /**
   * Tells `listener` every statement the app sends through Drizzle from now on, with its
   * parameters (src/test/query-plans.ts EXPLAINs them); returns the way to stop.
   */
  watchStatements(listener: StatementListener): () => void;
  /** The throw-away PostgreSQL database's name (undefined on PGlite). */
  name?: string;
}

export type StatementListener = (sql: string, params: unknown[]) => void;

export interface TestDatabaseOptions {
  /** PostgreSQL only: the address the app connects through (e.g. a proxy the test can cut). */
  via?: (direct: URL) => URL;
  /** Told when PostgreSQL drops one of the app's connections. */
  onConnectionLost?: (err: Error) => void;
  /**
   * PostgreSQL only: autovacuum never analyses this database's tables, so the planner keeps the
   * figures of never-analysed tables whatever the machine's load (PGlite has no autovacuum). The
   * EXPLAIN walk (sequential-scans.test.ts) needs the same plans from run to run: CI once saw
   * autovacuum analyse the nine-track library mid-walk and the planner choose other plans.
   */
  withoutAutoAnalyse?: boolean;
}

export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const queries: string[] = [];
  const listeners = new Set<StatementListener>();
  const onQuery = (q: string, params: unknown[]) => {
    queries.push(q);
    for (const listener of listeners) listener(q, params);
  };
  const watchStatements = (listener: StatementListener) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    // A pooled in-memory PGlite at the template's state (src/test/pglite-pool.ts, decision 0150).
    const lease = await leasePglite(async (client) => {
      await runMigrations(openDatabase({ databaseUrl: 'memory:', dataDir: '', pglite: client }));
    });
    const handle = openDatabase({ databaseUrl: 'memory:', dataDir: '', onQuery, pglite: lease.client });
    return { ...handle, queries, watchStatements, close: () => lease.release() };
  }
  const name = `journal_test_${randomBytes(6).toString('hex')}`;
  await withAdminClient(serverUrl, async (admin) => {
    await admin.query(`create database ${name}`);
    // A database left behind says which test made it (scripts/pg-test-leftovers.mjs lists them).
    // The file only: in a beforeAll, the state's test name is still the last file's last test.
    const maker = expect.getState().testPath ?? 'outside a test file';
    await admin.query(`comment on database ${name} is ${admin.escapeLiteral(maker)}`);
  });
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const appUrl = options.via ? options.via(url) : url;
  const handle = openDatabase({
    databaseUrl: appUrl.href,
    dataDir: '',
    onQuery,
    onConnectionLost: options.onConnectionLost ?? (() => {}),
  });
  await runMigrations(handle);
  if (options.withoutAutoAnalyse) await turnOffAutovacuum(url.href);
  return {
    ...handle,
    queries,
    watchStatements,
    name,
    async close() {
      await handle.close();
      await withAdminClient(serverUrl, async (admin) => {
        // pool.end() resolves before its connections are gone; forcing the drop while they close
        // would hand them a 'terminating connection' error nobody listens for any more.
        for (let i = 0; i < 50; i++) {
          const { rows } = await admin.query(
            'select count(*)::int as n from pg_stat_activity where datname = $1',
            [name],
          );
          if (rows[0].n === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        await admin.query(`drop database if exists ${name} with (force)`);
      });
    },
  };
}

async function turnOffAutovacuum(databaseUrl: string) {
  await withAdminClient(databaseUrl, async (client) => {
    const { rows } = await client.query<{ name: string }>(
      `select c.oid::regclass::text as name from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       where c.relkind = 'r' and n.nspname not in ('pg_catalog', 'information_schema')
         and n.nspname not like 'pg\\_%'`,
    );
    for (const { name } of rows) {
      await client.query(
        `alter table ${name} set (autovacuum_enabled = off, toast.autovacuum_enabled = off)`,
      );
    }
  });
}

export const testDatabaseKind = () => (process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');

async function withAdminClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
