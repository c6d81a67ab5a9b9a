import { type AddressInfo, createServer } from 'node:net';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from './build-test-app';
import { pgliteStats } from './pglite-pool';
import { createTestDatabase, testDatabaseKind } from './test-database';

/**
 * What changes when a test database is not given back: on PGlite, the pool's idle instances (a lease
 * not released never returns to it); on PostgreSQL, the server's databases made by this file (their
 * comment), which a close drops.
 */
async function databasesState(): Promise<number> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return pgliteStats().idle;
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_database where shobj_description(oid, 'pg_database') = $1`,
      [expect.getState().testPath],
    );
    return rows[0]?.n ?? 0;
  } finally {
    await client.end();
  }
}

describe(`buildTestApp (${testDatabaseKind()})`, () => {
  it('gives its database back when the app cannot start (its metrics port is taken)', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as AddressInfo).port;
    try {
      // One idle PGlite at least, so that the failed start leases it rather than a new one.
      await (await createTestDatabase()).close();
      const before = await databasesState();
      await expect(buildTestApp({ config: { metricsPort: port } })).rejects.toThrow(/EADDRINUSE/);
      expect(await databasesState()).toBe(before);
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  });
});
