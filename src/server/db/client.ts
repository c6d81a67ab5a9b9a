import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { takeTurns } from './pglite-turns';
import { type ConnectionLossListener, ResilientPool } from './resilient-pool';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one database type the app sees: nothing outside db/ knows whether PGlite or pg runs. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
export type DbOrTx = Database | Transaction;

/**
 * What the job queue (src/server/jobs) needs to run on the same database: the one PGlite instance
 * (single connection: the queue shares it), or PostgreSQL's address (the queue keeps a small pool).
 */
export type QueueConnection =
  | { kind: 'pglite'; client: PGlite }
  | { kind: 'postgres'; connectionString: string };

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  queueConnection: QueueConnection;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://… for PostgreSQL; 'memory:' for a throw-away PGlite; undefined for PGlite under dataDir. */
  databaseUrl: string | undefined;
  dataDir: string;
  /**
   * Called with each SQL statement and its parameters (tests count queries to prove there is no
   * N+1, and EXPLAIN them to prove no request reads a big table through: src/test/query-plans.ts).
   */
  onQuery?: (sql: string, params: unknown[]) => void;
  /** PGlite in memory only: start from this saved data directory (tests use a migrated template). */
  loadDataDir?: Blob;
  /** An open PGlite to use instead of a new one (tests lease pooled instances: src/test/pglite-pool.ts). */
  pglite?: PGlite;
  /** Told when PostgreSQL drops a connection (restart, failover, terminate); the pool replaces it. */
  onConnectionLost?: ConnectionLossListener;
}

/**
 * Connections are made on demand and given up quickly when the server does not answer, so a request
 * during an outage fails fast (503) instead of queueing forever; idle ones are closed before typical
 * proxy/firewall idle cut-offs, and TCP keep-alive notices a silently dropped peer.
 */
const POOL_SETTINGS = {
  max: 10,
  connectionTimeoutMillis: 5_000,
  idleTimeoutMillis: 30_000,
  keepAlive: true,
} as const;

/**
 * What every PGlite of the app is started with. pg_trgm (search, decision 0131) and btree_gin (the
 * journal's text filter and the tracks' search indexes, migrations 0046 and 0048) ship with PGlite but must be loaded into each instance
 * before the migrations' CREATE EXTENSION (or any query using them) can find them.
 */
export const PGLITE_OPTIONS: PGliteOptions = {
  extensions: { pg_trgm, btree_gin },
  // PostgreSQL's default 128 MB of shared buffers is sized for a server with its own memory; this
  // one lives in the app's process, where it was most of the ~430 MB resident after start. 16 MB
  // holds a journal of thousands of tracks; what falls out is read back from the OS's page cache
  // (decision 0495).
  postgresqlconf: ['shared_buffers = 16MB'],
};

export function openDatabase({
  databaseUrl,
  dataDir,
  onQuery,
  loadDataDir,
  pglite,
  onConnectionLost = (err) =>
    console.warn(`PostgreSQL connection lost (${err.message}); reconnecting on demand`),
}: DatabaseOptions): DatabaseHandle {
  const logger = onQuery
    ? { logQuery: (query: string, params: unknown[]) => onQuery(query, params) }
    : undefined;
  if (databaseUrl && /^postgres(ql)?:\/\//.test(databaseUrl)) {
    const pool = new ResilientPool({ connectionString: databaseUrl, ...POOL_SETTINGS }, onConnectionLost);
    const db = drizzlePg(pool, { schema, casing: 'snake_case', logger }) as unknown as Database;
    return {
      db,
      kind: 'postgres',
      queueConnection: { kind: 'postgres', connectionString: databaseUrl },
      close: () => pool.end(),
    };
  }
  const options = PGLITE_OPTIONS;
  let client: PGlite;
  if (pglite) {
    client = pglite;
  } else if (databaseUrl === 'memory:') {
    client = new PGlite(loadDataDir ? { ...options, loadDataDir } : options);
  } else {
    const dir = path.resolve(dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    client = new PGlite(dir, options);
  }
  takeTurns(client);
  const db = drizzlePglite(client, { schema, casing: 'snake_case', logger }) as unknown as Database;
  return { db, kind: 'pglite', queueConnection: { kind: 'pglite', client }, close: () => client.close() };
}
