import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { Scrape, TEST_METRICS_TOKEN } from '../../test/metrics';
import { freePort } from '../../test/server-process';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { type JobQueue, startJobQueue } from '../jobs/job-queue';
import { AppMetrics } from './metrics';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('GET /metrics without METRICS_TOKEN or METRICS_PORT', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t?.close());

  it('does not exist: 404 with or without a token, and nothing is counted', async () => {
    for (const headers of [{}, bearer(TEST_METRICS_TOKEN)]) {
      const res = await t.app.inject({ url: '/metrics', headers });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        statusCode: 404,
        error: 'Not Found',
        message: 'Route GET /metrics not found',
      });
    }
    expect(t.app.metrics).toBeUndefined();
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    t = await buildTestApp({
      config: { metricsToken: TEST_METRICS_TOKEN, logLevel: 'info' },
      logStream: { write: (line) => void lines.push(line) },
    });
  });
  afterAll(async () => t?.close());

  it('refuses a missing, malformed or wrong token with 401, and answers the right one', async () => {
    const asked = async (headers: Record<string, string>) => t.app.inject({ url: '/metrics', headers });
    for (const headers of [
      {},
      bearer('not-the-token-at-all-000000000000'),
      bearer(`${TEST_METRICS_TOKEN}x`),
      bearer(TEST_METRICS_TOKEN.slice(0, -1)),
      { authorization: `Basic ${TEST_METRICS_TOKEN}` },
      { authorization: TEST_METRICS_TOKEN },
    ]) {
      const res = await asked(headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer');
      expect(res.body).not.toContain('journal_');
    }
    const ok = await asked(bearer(TEST_METRICS_TOKEN));
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(new Scrape(ok.body).family('journal_http_request_duration_seconds').type).toBe('HISTOGRAM');
    // The scheme's name is case-insensitive (RFC 9110).
    expect((await asked({ authorization: `bearer ${TEST_METRICS_TOKEN}` })).statusCode).toBe(200);
  });

  it('is never rate limited and never logs the token', async () => {
    const limited = await buildTestApp({
      config: { metricsToken: TEST_METRICS_TOKEN },
      rateLimits: { any: 3 },
    });
    try {
      for (let i = 0; i < 10; i += 1) {
        const res = await limited.app.inject({ url: '/metrics', headers: bearer(TEST_METRICS_TOKEN) });
        expect(res.statusCode).toBe(200);
      }
    } finally {
      await limited.close();
    }
    await t.app.inject({ url: '/metrics', headers: bearer('a-wrong-token-that-someone-tried') });
    await t.app.inject({ url: '/metrics', headers: bearer(TEST_METRICS_TOKEN) });
    expect(lines.some((line) => line.includes('/metrics'))).toBe(true);
    expect(lines.join('\n')).not.toContain(TEST_METRICS_TOKEN);
    expect(lines.join('\n')).not.toContain('a-wrong-token-that-someone-tried');
  });

  it('does not appear in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(doc.paths)).not.toContain('/metrics');
  });
});

describe('METRICS_PORT: metrics on a listener of their own', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    port = await freePort();
    t = await buildTestApp({ config: { metricsPort: port } });
  });
  afterAll(async () => t?.close());

  it('serves them on that port only: the main port answers 404', async () => {
    await t.client().get('/api/auth/user');
    expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(404);
    const res = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(res.status).toBe(200);
    const s = new Scrape(await res.text());
    expect(s.count('journal_http_request_duration_seconds', { route: '/api/auth/user' })).toBe(1);
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${port}/metrics`, { method: 'POST' })).status).toBe(404);
  });

  it('asks for METRICS_TOKEN there too when both are set, and closes with the app', async () => {
    const ownPort = await freePort();
    const both = await buildTestApp({ config: { metricsPort: ownPort, metricsToken: TEST_METRICS_TOKEN } });
    const url = `http://127.0.0.1:${ownPort}/metrics`;
    try {
      expect((await fetch(url)).status).toBe(401);
      expect((await fetch(url, { headers: bearer(TEST_METRICS_TOKEN) })).status).toBe(200);
      expect(
        (await both.app.inject({ url: '/metrics', headers: bearer(TEST_METRICS_TOKEN) })).statusCode,
      ).toBe(404);
    } finally {
      await both.close();
    }
    await expect(fetch(url)).rejects.toThrow();
  });

  it('refuses to start when the port is taken', async () => {
    await expect(buildTestApp({ config: { metricsPort: port } })).rejects.toThrow(/EADDRINUSE/);
  });
});

describe('job metrics, through the real queue', () => {
  let database: TestDatabase;
  let queue: JobQueue | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterEach(async () => queue?.stop());
  afterAll(async () => database?.close());

  it('counts a failing job per queue, its run time and its give-up', async () => {
    const metrics = new AppMetrics(() => {});
    queue = await startJobQueue({
      connection: database.queueConnection,
      log: pino({ level: 'silent' }),
      heartbeatSeconds: 10,
      pollingIntervalSeconds: 0.5,
      superviseIntervalSeconds: 1,
      stopTimeoutMs: 1_000,
      observer: metrics.jobObserver(),
    });
    let gaveUp = false;
    await queue.define<{ n: number }>({
      name: 'metrics-test',
      workers: 1,
      retryLimit: 1,
      retryDelaySeconds: 1,
      retryDelayMaxSeconds: 1,
      expireInSeconds: 60,
      wakeOnSend: true,
      handle: async () => {
        throw new Error('always fails');
      },
      onGiveUp: async () => {
        gaveUp = true;
      },
    });
    metrics.watchQueues(() => (queue as JobQueue).counts());
    expect(await queue.send('metrics-test', { n: 1 }, 'one')).toBe(true);
    const deadline = Date.now() + 20_000;
    let s = new Scrape(await metrics.text());
    while (s.value('journal_jobs_given_up_total', { queue: 'metrics-test' }) < 1) {
      if (Date.now() > deadline) throw new Error(`never gave up:\n${s.text}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
      s = new Scrape(await metrics.text());
    }
    expect(gaveUp).toBe(true);
    // The first run and its one retry.
    expect(s.value('journal_job_failures_total', { queue: 'metrics-test' })).toBe(2);
    expect(s.count('journal_job_duration_seconds', { queue: 'metrics-test', outcome: 'failed' })).toBe(2);
    expect(s.count('journal_job_duration_seconds', { queue: 'metrics-test', outcome: 'completed' })).toBe(0);
    // The give-up handler ran (and completed) in the dead-letter queue.
    expect(
      s.count('journal_job_duration_seconds', { queue: 'metrics-test-gave-up', outcome: 'completed' }),
    ).toBe(1);
    expect(s.samples('journal_job_queue_depth', { queue: 'metrics-test' })).toHaveLength(1);
  });
});
