import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { testDatabaseKind } from '../../../test/test-database';

// Decision 0490: on PGlite (one connection in this process) the health check reads a background
// probe's answer instead of queueing its own query behind whatever runs.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

describe('GET /api/health', () => {
  it('answers 200 while the database answers', async () => {
    const res = await t.client().get('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'up' });
  });

  it.runIf(testDatabaseKind() === 'pglite')(
    "does not queue behind another request's transaction on PGlite",
    async () => {
      // A transaction holds PGlite's one connection while its request awaits something else
      // (as an upload's does while it stores a file); the event loop stays free meanwhile.
      let release!: () => void;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let inside!: () => void;
      const entered = new Promise<void>((resolve) => {
        inside = resolve;
      });
      const transaction = t.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        inside();
        await held;
      });
      await entered;
      const res = await Promise.race([
        t.client().get('/api/health'),
        new Promise<'waited'>((resolve) => setTimeout(() => resolve('waited'), 2_000)),
      ]);
      release();
      await transaction;
      expect(res).not.toBe('waited');
      expect((res as { statusCode: number }).statusCode).toBe(200);
    },
    10_000,
  );

  it.runIf(testDatabaseKind() === 'pglite')('answers 503 once PGlite is closed', async () => {
    const other = await buildTestApp();
    try {
      const client = (other.database.queueConnection as { client: { close(): Promise<void> } }).client;
      await client.close();
      const res = await other.client().get('/api/health');
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
    } finally {
      await other.close().catch(() => {});
    }
  });
});
