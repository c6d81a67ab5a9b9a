import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createTestDatabase, type TestDatabase, testDatabaseKind } from '../../test/test-database';
import { rateLimitHits } from '../db/schema';
import { PostgresRateLimitStore, pruneRateLimitHits } from './rate-limit-store';
import { RATE_LIMITS } from './rate-limits';
import { redisCounter } from './upload-bytes-budget';

const incr = (store: PostgresRateLimitStore, key: string, windowMs: number) =>
  new Promise<{ current: number; ttl: number }>((resolve, reject) =>
    store.incr(key, (err, res) => (err ? reject(err) : resolve(res!)), windowMs),
  );

describe('PostgresRateLimitStore (decision 0098)', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database.close());

  it('counts hits in a window, starts a new one when it ends, and prunes ended windows', async () => {
    const store = new PostgresRateLimitStore(database.db);
    expect(await incr(store, 'ip:a', 60_000)).toMatchObject({ current: 1 });
    const second = await incr(store, 'ip:a', 60_000);
    expect(second.current).toBe(2);
    expect(second.ttl).toBeGreaterThan(55_000);
    expect(second.ttl).toBeLessThanOrEqual(60_000);

    expect(await incr(store, 'ip:b', 150)).toMatchObject({ current: 1 });
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(await incr(store, 'ip:b', 150)).toMatchObject({ current: 1 });
    await new Promise((resolve) => setTimeout(resolve, 250));
    await pruneRateLimitHits(database.db);
    expect(await database.db.select().from(rateLimitHits).where(eq(rateLimitHits.key, 'ip:b'))).toEqual([]);
    expect(await database.db.select().from(rateLimitHits).where(eq(rateLimitHits.key, 'ip:a'))).toHaveLength(
      1,
    );
  });

  it('adds any amount at once, gives some back, and starts a new window with the amount (decision 0560)', async () => {
    const store = new PostgresRateLimitStore(database.db);
    expect(await store.add('bytes:a', 500, 60_000)).toMatchObject({ current: 500 });
    expect(await store.add('bytes:a', 300, 60_000)).toMatchObject({ current: 800 });
    expect(await store.add('bytes:a', -300, 60_000)).toMatchObject({ current: 500 });
    expect(await store.add('bytes:b', 70, 150)).toMatchObject({ current: 70 });
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(await store.add('bytes:b', 40, 150)).toMatchObject({ current: 40 });
  });

  it('gives each route limit a counter of its own', async () => {
    const store = new PostgresRateLimitStore(database.db);
    const signIn = store.child({ routeInfo: { method: 'POST', url: '/api/a' } } as never);
    const other = store.child({ routeInfo: { method: 'POST', url: '/api/b' } } as never);
    const hit = (s: typeof signIn) =>
      new Promise<number>((resolve) => s.incr('ip:c', (_e, r) => resolve(r!.current), 60_000, 10));
    expect([
      await hit(signIn),
      await hit(signIn),
      await hit(other),
      (await incr(store, 'ip:c', 60_000)).current,
    ]).toEqual([1, 2, 1, 1]);
  });
});

// Two instances share counters only on a shared database: PostgreSQL (PGlite keeps them in memory).
describe.skipIf(testDatabaseKind() !== 'postgres')('two instances on one PostgreSQL database', () => {
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    first = await buildTestApp({ sharedRateLimits: true });
    second = await buildTestApp({ sharedDatabase: first.database, sharedRateLimits: true });
  });
  afterAll(async () => {
    await second.close();
    await first.close();
  });

  it('share one sign-in limit: the second answers 429 once the first used the budget', async () => {
    const attempt = (t: TestApp) => t.client().request('POST', '/api/auth/manual-session', { body: {} });
    for (let i = 0; i < RATE_LIMITS.signIn.max; i++) expect((await attempt(first)).statusCode).toBe(401);
    const refused = await attempt(second);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('share per-user action limits too', async () => {
    const limited = await buildTestApp({ rateLimits: { create: 3 }, sharedRateLimits: true });
    const other = await buildTestApp({
      sharedDatabase: limited.database,
      rateLimits: { create: 3 },
      sharedRateLimits: true,
    });
    try {
      const alice = await limited.signedInClient();
      const aliceThere = await other.signedInAs(alice.userId);
      for (let i = 0; i < 3; i++) {
        expect((await alice.post('/api/playlists', { name: `p${i}` })).statusCode).toBe(201);
      }
      expect((await aliceThere.post('/api/playlists', { name: 'one too many' })).statusCode).toBe(429);
    } finally {
      await other.close();
      await limited.close();
    }
  });
});

// No Redis server is needed for the suite: this runs only where REDIS_URL names one.
describe.skipIf(!process.env.REDIS_URL)('two instances counting in Redis (REDIS_URL)', () => {
  it('share one sign-in limit', async () => {
    const redisUrl = process.env.REDIS_URL!;
    const first = await buildTestApp({ config: { redisUrl }, sharedRateLimits: true });
    const second = await buildTestApp({
      sharedDatabase: first.database,
      config: { redisUrl },
      sharedRateLimits: true,
    });
    try {
      // A fresh address per run, so counters left in Redis by an earlier run do not count.
      const remoteAddress = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.7`;
      const attempt = (t: TestApp) =>
        t.client().request('POST', '/api/auth/manual-session', { body: {}, remoteAddress });
      for (let i = 0; i < RATE_LIMITS.signIn.max; i++) expect((await attempt(first)).statusCode).toBe(401);
      expect((await attempt(second)).statusCode).toBe(429);
    } finally {
      await second.close();
      await first.close();
    }
  });
});

// The bytes budget's Redis counter keeps the contract the PostgreSQL one keeps above (decision 0560).
describe.skipIf(!process.env.REDIS_URL)('the bytes counter in Redis (REDIS_URL)', () => {
  it('adds any amount at once, gives some back, and starts a new window with the amount', async () => {
    const { Redis } = await import('ioredis');
    const redis = new Redis(process.env.REDIS_URL!);
    try {
      const counter = redisCounter(redis, `journal-test:${Date.now()}:${Math.random()}:`);
      expect(await counter.add('bytes:a', 500, 60_000)).toMatchObject({ current: 500 });
      expect(await counter.add('bytes:a', 300, 60_000)).toMatchObject({ current: 800 });
      expect(await counter.add('bytes:a', -300, 60_000)).toMatchObject({ current: 500 });
      const first = await counter.add('bytes:b', 70, 150);
      expect(first.current).toBe(70);
      expect(first.ttl).toBeGreaterThan(0);
      expect(first.ttl).toBeLessThanOrEqual(150);
      await new Promise((resolve) => setTimeout(resolve, 250));
      expect(await counter.add('bytes:b', 40, 150)).toMatchObject({ current: 40 });
    } finally {
      redis.disconnect();
    }
  });
});
