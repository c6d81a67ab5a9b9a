import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Signer } from '@fastify/cookie';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findPostgresBin, type PrivatePostgres, startPrivatePostgres } from '../../test/private-postgres';
import {
  freePort,
  HttpSession,
  type ServerProcess,
  startServerProcess,
  waitForHealth,
} from '../../test/server-process';

// `npm run test:faults` (run by .ci/run): the real server process on a PostgreSQL server of the
// test's own, restarted under a small write load — a clean restart, then a crash (immediate mode,
// WAL recovery). The process must stay up, answer 503 (never 500) while the database is away,
// recover by itself, and every write it acknowledged must be in the database afterwards.

/** One writer per user, each under the per-user limit on creates (about one a second). */
const WRITERS = 12;
const WRITE_INTERVAL_MS = 1_100;
const SESSION_SECRET = 'faults-test-session-secret-0123456789abcdef';
const ci = process.env.CI === 'true' || process.env.CI === '1';
const bin = findPostgresBin();
if (!bin && ci) throw new Error('CI=true but no PostgreSQL server binaries were found (set PG_BIN_DIR)');

interface Outcome {
  status: number;
  name: string;
  id?: number;
}

/** Writers creating playlists until stopped, each as its own user; every answer is kept. */
function writeLoad(sessions: HttpSession[], label: string) {
  const outcomes: Outcome[] = [];
  let running = true;
  const loops = sessions.map(async (session, writer) => {
    await new Promise((r) => setTimeout(r, (writer * WRITE_INTERVAL_MS) / sessions.length));
    for (let i = 0; running; i++) {
      const name = `${label} w${writer} #${i}`;
      const res = await session.request('POST', '/api/playlists', { name });
      const body = (await res.json().catch(() => ({}))) as { id?: number };
      outcomes.push({ status: res.status, name, id: body.id });
      await new Promise((r) => setTimeout(r, WRITE_INTERVAL_MS));
    }
  });
  return {
    outcomes,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

/** Users with signed-in sessions, written straight into the database (as the session plugin would). */
async function signedInSessions(databaseUrl: string, baseUrl: string, label: string): Promise<HttpSession[]> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const signer = new Signer(SESSION_SECRET, 'sha256');
  try {
    return await Promise.all(
      Array.from({ length: WRITERS }, async (_, i) => {
        const id = `faults-${label}-${i}`;
        const sid = `${id}-${randomBytes(12).toString('hex')}`;
        const expires = new Date(Date.now() + 3_600_000);
        await db.query('insert into users (id, first_name) values ($1, $2)', [id, `Writer ${i}`]);
        const sess = { cookie: { expires, httpOnly: true, path: '/' }, userId: id };
        await db.query('insert into sessions (sid, sess, expire) values ($1, $2, $3)', [sid, sess, expires]);
        return new HttpSession(baseUrl, `journal.sid=${signer.sign(sid)}`);
      }),
    );
  } finally {
    await db.end();
  }
}

async function healthyWithin(server: ServerProcess, ms: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < ms) {
    const res = await fetch(`${server.baseUrl}/api/health`).catch(() => undefined);
    if (res?.status === 200) return Date.now() - started;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`not healthy within ${ms} ms`);
}

describe.skipIf(!bin)('the app across PostgreSQL restarts under write load', () => {
  let postgres: PrivatePostgres;
  let server: ServerProcess;
  let databaseUrl: string;
  let dataDir: string;

  beforeAll(async () => {
    postgres = await startPrivatePostgres(await freePort());
    const admin = new pg.Client({ connectionString: postgres.url });
    await admin.connect();
    await admin.query('create database journal');
    await admin.end();
    databaseUrl = postgres.url.replace(/\/postgres$/, '/journal');
    dataDir = mkdtempSync(path.join(tmpdir(), 'journal-faults-'));
    server = startServerProcess(await freePort(), {
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      SESSION_SECRET,
    });
    await waitForHealth(server);
  }, 120_000);

  afterAll(async () => {
    server?.child.kill('SIGKILL');
    await postgres?.destroy();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  for (const mode of ['fast', 'immediate'] as const) {
    it(`loses no acknowledged write across a ${mode} restart, answers 503 not 500, recovers by itself`, async () => {
      const load = writeLoad(await signedInSessions(databaseUrl, server.baseUrl, mode), mode);
      await new Promise((r) => setTimeout(r, 2_500));
      await postgres.restart(mode);
      const recoveredMs = await healthyWithin(server, 15_000);
      await new Promise((r) => setTimeout(r, 2_500));
      await load.stop();

      expect(server.child.exitCode, server.output().slice(-3000)).toBeNull();
      const statuses = new Set(load.outcomes.map((o) => o.status));
      // Only "created" or "unavailable, try again": no 500, no crash, no hang.
      expect([...statuses].filter((s) => s !== 201 && s !== 503)).toEqual([]);
      expect(recoveredMs).toBeLessThan(15_000);
      const acknowledged = load.outcomes.filter((o) => o.status === 201);
      expect(acknowledged.length).toBeGreaterThan(WRITERS * 3);
      // The load kept working after the restart.
      expect(load.outcomes.at(-1)?.status).toBe(201);

      const check = new pg.Client({ connectionString: databaseUrl });
      await check.connect();
      try {
        const { rows } = await check.query<{ id: number; name: string }>(
          'select id, name from playlists where name like $1',
          [`${mode} %`],
        );
        const stored = new Map(rows.map((r) => [r.id, r.name]));
        const lost = acknowledged.filter((o) => stored.get(o.id ?? -1) !== o.name);
        expect(lost).toEqual([]);
      } finally {
        await check.end();
      }
      console.log(
        `[faults] ${mode} restart: ${acknowledged.length} writes acknowledged, ` +
          `${load.outcomes.filter((o) => o.status === 503).length} answered 503, healthy again after ${recoveredMs} ms`,
      );
    }, 90_000);
  }
});
