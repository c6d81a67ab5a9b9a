import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Signer } from '@fastify/cookie';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { type BuildAppOptions, buildApp } from '../server/app';
import type { Config } from '../server/config';
import type { Database } from '../server/db/client';
import { sessions, users } from '../server/db/schema';
import type { OidcClient } from '../server/features/auth/oidc-client';
import type { RateLimitOverrides } from '../server/plugins/rate-limits';
import { SESSION_COOKIE } from '../server/plugins/session';
import type { BlobStore } from '../server/storage/blob-store';
import { UPLOAD_BYTES_BUDGET } from '../shared/constants';
import { createTestDatabase, type TestDatabase, type TestDatabaseOptions } from './test-database';

export const TEST_PUBLIC_URL = 'http://journal.test';

export function testConfig(overrides: Partial<Config> = {}): Config & { sessionSecret: string } {
  return {
    port: 0,
    host: '127.0.0.1',
    databaseUrl: 'memory:',
    dataDir: mkdtempSync(path.join(tmpdir(), 'journal-test-')),
    publicUrl: TEST_PUBLIC_URL,
    sessionSecret: 'test-session-secret-that-is-long-enough-0123456789',
    previousSessionSecrets: [],
    migrateOnStart: true,
    redisUrl: undefined,
    oidc: undefined,
    maxUploadBytes: 10 * 1024 * 1024,
    logLevel: 'silent',
    trustProxy: false,
    uploadIdleTimeoutMs: 30_000,
    uploadMinBytesPerSecond: 8 * 1024,
    uploadRateGraceMs: 30_000,
    shutdownTimeoutMs: 25_000,
    storageQuotaBytes: 0,
    uploadBytesPerHour: UPLOAD_BYTES_BUDGET.maxBytes,
    transcodeCacheBytes: 1024 ** 3,
    transcodeSlots: 2,
    transcodeStallMs: 30_000,
    rateLimitPerMinute: 1000,
    // On, as in production: every test that lists tracks after a write also checks invalidation.
    trackListCacheBytes: 64 * 1024 * 1024,
    // Off unless a test turns it on: many tests change rows with SQL and expect the next request to
    // see it at once; the cache's own tests (access-cache.test.ts) set it (decision 0066).
    accessCacheSeconds: 0,
    streamOffload: 'none',
    storage: 'local',
    s3: undefined,
    s3Stream: 'proxy',
    demoEnabled: true,
    demoTtlHours: 24,
    // Opt-in per test (buildTestApp's mediaWorkers): unrelated API tests never run ffmpeg.
    mediaWorkers: 0,
    mediaJobHeartbeatSeconds: 10,
    ffmpegPath: undefined,
    ffprobePath: undefined,
    ...overrides,
  } as Config & { sessionSecret: string };
}

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  dataDir: string;
  /** The throw-away PostgreSQL database's name (undefined on PGlite). */
  databaseName: string | undefined;
  /** The database itself, to build a second app on it (sharedDatabase). */
  database: TestDatabase;
  /** Log entries (parsed pino lines) when built with `captureLogs`; empty otherwise. */
  logs: { level: number; msg: string; err?: { message?: string; code?: string } }[];
  /** SQL statements since the last `queries.length = 0`. */
  queries: string[];
  /** A browser-like client: keeps cookies and sends the CSRF header on mutations. */
  client(): TestClient;
  /** A client already signed in as a newly created user. */
  signedInClient(user?: Partial<typeof users.$inferInsert>): Promise<TestClient & { userId: string }>;
  /** A new client with a new session of an existing user (e.g. after a test signed one out). */
  signedInAs(userId: string): Promise<TestClient & { userId: string }>;
  close(): Promise<void>;
}

/**
 * The same instance started anew once `first` has stopped (`first.app.close()`): its database and
 * its files, with `options` (e.g. media workers) for the new start.
 */
export function restartTestApp(first: TestApp, options: Parameters<typeof buildTestApp>[0] = {}) {
  return buildTestApp({ ...options, sharedDatabase: first.database, dataDir: first.dataDir });
}

export async function buildTestApp(
  options: {
    oidcClient?: OidcClient;
    config?: Partial<Config>;
    database?: TestDatabaseOptions;
    rateLimits?: RateLimitOverrides;
    /** Uploads one person may have in progress at once (default: production's). */
    uploadsPerPerson?: number;
    /** How long a /rest transcode waits in line for a slot (default: production's). */
    transcodeWaitMs?: number;
    store?: BlobStore;
    /** Keep warn-and-above log entries in `logs` (otherwise the app logs nothing). */
    captureLogs?: boolean;
    /** Log (at 'info' unless config says otherwise) into this stream instead of nowhere. */
    logStream?: { write(line: string): void };
    /** Process uploads with this many ffmpeg jobs at once (default 0: tracks stay `pending`). */
    mediaWorkers?: number;
    /** Fingerprint uploads in their request (similarTracks); default: only with mediaWorkers. */
    fingerprintUploads?: boolean;
    /** Where the whole journal gives way to pages (AppOptions.wholeJournal). */
    wholeJournal?: { maxTracks: number; pageSize: number };
    /**
     * Run on this database instead of a new one (a second app "restarted" on the first one's data);
     * closing the app then leaves the database open.
     */
    sharedDatabase?: TestDatabase;
    /** Keep files here instead of a new temp folder (with sharedDatabase: the first app's files). */
    dataDir?: string;
    /** Timers off unless a test sets them (it then counts what they did). */
    sessionPruneIntervalMs?: number;
    demoSweepIntervalMs?: number;
    /**
     * Rate-limit counters shared through PostgreSQL (or REDIS_URL) as in production; off by default,
     * so that tests counting a request's queries on PostgreSQL count the app's own (decision 0098).
     */
    sharedRateLimits?: boolean;
    /** Retries of a failed media job (default: production's 5). */
    mediaRetryLimit?: number;
    /** Planner statistics refreshed this long after a write (default 0: never, decision 0475). */
    statisticsDebounceMs?: number;
    /** How often idle media workers look for jobs (default 0.5 s; a long one proves the wake-ups). */
    mediaPollingSeconds?: number;
    /** Live event timings (events/events.routes.ts), e.g. a short stream heartbeat. */
    liveEvents?: BuildAppOptions['liveEvents'];
    /** A built client to serve (a folder with an index.html; pages, the embed page); default: API only. */
    clientDir?: string;
    /** How an import waits out a per-minute limit (default: real time). */
    importPaceSleep?: (ms: number) => Promise<void>;
  } = {},
): Promise<TestApp> {
  const database = options.sharedDatabase ?? (await createTestDatabase(options.database));
  const config = testConfig({
    ...(options.logStream ? { logLevel: 'info' } : options.captureLogs ? { logLevel: 'warn' } : {}),
    ...(options.mediaWorkers ? { mediaWorkers: options.mediaWorkers } : {}),
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...options.config,
  });
  const logs: TestApp['logs'] = [];
  // An app that fails to build or start (a taken port) gives its database back: on PostgreSQL each
  // test database is a database of the server, and one test left one behind every run.
  let built: Awaited<ReturnType<typeof buildApp>> | undefined;
  const giveBack = async () => {
    await built?.close().catch(() => {});
    if (!options.sharedDatabase) await database.close();
    rmSync(config.dataDir, { recursive: true, force: true });
  };
  try {
    built = await buildApp({
      config,
      db: database.db,
      oidcClient: options.oidcClient,
      store: options.store,
      clientDir: options.clientDir,
      logger: Boolean(options.captureLogs || options.logStream),
      logStream: options.logStream ?? { write: (line: string) => void logs.push(JSON.parse(line)) },
      // Tests make many calls a minute as one user; rate-limit tests lower what they test.
      sharedRateLimits: options.sharedRateLimits ?? false,
      rateLimits: { any: 100_000, upload: 100_000, comment: 100_000, create: 100_000, ...options.rateLimits },
      uploadsPerPerson: options.uploadsPerPerson,
      transcodeWaitMs: options.transcodeWaitMs,
      sessionPruneIntervalMs: options.sessionPruneIntervalMs ?? 0,
      securityEventPruneIntervalMs: 0,
      // No ANALYZE behind a test's back (its queries would land in tests that count them).
      statisticsDebounceMs: options.statisticsDebounceMs ?? 0,
      statisticsIntervalMs: 0,
      exportSweepIntervalMs: 0,
      demoSweepIntervalMs: options.demoSweepIntervalMs ?? 0,
      importPaceSleep: options.importPaceSleep,
      // Drains follow each change and each start; no timer adding queries to a test's count.
      blobDrainIntervalMs: 0,
      queueConnection: database.queueConnection,
      // An upload's ffmpeg run only where a test runs ffmpeg anyway.
      fingerprintUploads: options.fingerprintUploads ?? Boolean(options.mediaWorkers),
      wholeJournal: options.wholeJournal,
      // With workers, they look for work twice a second, dead jobs are looked for every second and
      // retries come after a second, so tests wait little; without, the queue stays quiet.
      queueTimings: options.mediaWorkers
        ? {
            pollingIntervalSeconds: options.mediaPollingSeconds ?? 0.5,
            superviseIntervalSeconds: 1,
            stopTimeoutMs: 2_000,
            retryDelaySeconds: 1,
            retryLimit: options.mediaRetryLimit,
          }
        : { stopTimeoutMs: 2_000 },
      // Each scrape reads the database afresh: a test sees its own upload in the storage gauge.
      metricsCacheMs: 0,
      // Every demo sign-in of a test file comes from one inject address.
      demoSessionsPerHour: 10_000,
      // No presence heartbeat timer: a beat's queries would land in tests that count queries; the
      // presence tests beat by hand.
      liveEvents: { presenceHeartbeatMs: 0, ...options.liveEvents },
    });
    await built.ready();
  } catch (err) {
    await giveBack();
    throw err;
  }
  const app = built;
  let userCounter = 0;
  const signer = new Signer(config.sessionSecret, 'sha256');

  const testApp: TestApp = {
    app,
    db: database.db,
    dataDir: config.dataDir,
    databaseName: database.name,
    database,
    logs,
    queries: database.queries,
    client: () => new TestClient(app),
    async signedInClient(user = {}) {
      userCounter += 1;
      const id = user.id ?? `user-${userCounter}-${Math.random().toString(36).slice(2, 8)}`;
      await database.db.insert(users).values({
        id,
        email: `${id}@example.com`,
        firstName: 'Test',
        lastName: `User${userCounter}`,
        ...user,
      });
      return testApp.signedInAs(id);
    },
    async signedInAs(id) {
      // A real session row, signed exactly as the session plugin signs it.
      const sid = `test-${id}-${Math.random().toString(36).slice(2)}`;
      const expires = new Date(Date.now() + 3_600_000);
      await database.db.insert(sessions).values({
        sid,
        sess: {
          cookie: { originalMaxAge: 3_600_000, expires: expires.toISOString(), httpOnly: true, path: '/' },
          userId: id,
        },
        expire: expires,
      });
      const client = new TestClient(app);
      client.cookies.set(SESSION_COOKIE, signer.sign(sid));
      return Object.assign(client, { userId: id });
    },
    async close() {
      await app.close();
      if (options.sharedDatabase) return;
      await database.close();
      rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
  return testApp;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD';

export class TestClient {
  readonly cookies = new Map<string, string>();
  private csrfToken: string | undefined;

  constructor(private readonly app: FastifyInstance) {}

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request(
    method: Method,
    url: string,
    options: {
      body?: unknown;
      headers?: Record<string, string>;
      csrf?: boolean;
      remoteAddress?: string;
    } = {},
  ): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { ...options.headers };
    const mutating = method !== 'GET' && method !== 'HEAD';
    if (mutating && options.csrf !== false) {
      headers['x-csrf-token'] ??= await this.fetchCsrfToken();
    }
    if (this.cookies.size) headers.cookie = this.cookieHeader();
    const res = await this.app.inject({
      method,
      url,
      headers,
      ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
      ...(options.body === undefined ? {} : { payload: options.body as string | object }),
    });
    this.storeCookies(res);
    return res;
  }

  async fetchCsrfToken(): Promise<string> {
    if (!this.csrfToken) {
      const res = await this.request('GET', '/api/auth/csrf-token');
      this.csrfToken = res.json<{ csrfToken: string }>().csrfToken;
    }
    return this.csrfToken;
  }

  /** Forget the cached CSRF token (after sign-in or sign-out the session changes). */
  resetCsrf() {
    this.csrfToken = undefined;
  }

  /** POST multipart/form-data exactly as a browser's FormData would send it. */
  async upload(
    url: string,
    fields: Record<string, string>,
    file?: { field: string; name: string; type: string; data: Buffer | Uint8Array },
  ): Promise<LightMyRequestResponse> {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    if (file) form.append(file.field, new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
    const encoded = new Request('http://test.invalid', { method: 'POST', body: form });
    const body = Buffer.from(await encoded.arrayBuffer());
    return this.request('POST', url, {
      body,
      headers: { 'content-type': encoded.headers.get('content-type')! },
    });
  }

  get = (url: string, headers?: Record<string, string>) => this.request('GET', url, { headers });
  post = (url: string, body?: unknown) => this.request('POST', url, { body });
  patch = (url: string, body?: unknown) => this.request('PATCH', url, { body });
  put = (url: string, body?: unknown) => this.request('PUT', url, { body });
  delete = (url: string) => this.request('DELETE', url);

  private storeCookies(res: LightMyRequestResponse) {
    for (const cookie of res.cookies as { name: string; value: string; expires?: Date; maxAge?: number }[]) {
      const expired = (cookie.expires && cookie.expires.getTime() <= Date.now()) || cookie.maxAge === 0;
      if (expired || cookie.value === '') this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
  }
}
