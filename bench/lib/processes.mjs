// The processes npm run bench starts and stops itself: the app (built), the bare reference, nginx,
// and a throw-away PostgreSQL database.
import { execFileSync, fork, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { serverNodeFlags } from '../../scripts/server-node-flags.mjs';
import { freePort, waitForHealth } from '../../src/test/server-process.ts';

const root = path.resolve(import.meta.dirname, '../..');

function captured(child, baseUrl) {
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const exited = new Promise((resolve) => child.on('close', (code) => resolve(code)));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  return { child, baseUrl, output: () => output, exited, stop };
}

/**
 * Forks bench/`script` with `args` and resolves once it says it listens (its first IPC message),
 * its address `http://127.0.0.1:<port>`; rejects with its output if it exits first.
 */
async function forkReference(script, args, port) {
  const child = fork(path.join(root, 'bench', script), args.map(String), {
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  const ref = captured(child, `http://127.0.0.1:${port}`);
  await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', () => reject(new Error(`${script} exited:\n${ref.output()}`)));
  });
  return ref;
}

/** The app's SESSION_SECRET in the bench (startApp), which reference-pg.mjs's sessions must share. */
export const BENCH_SESSION_SECRET = 'bench-session-secret-0123456789abcdefghij';

/**
 * The production build (dist/server/main.js) with its own DATA_DIR. Rate limits off: the bench
 * measures throughput, not the limiter (RATE_LIMIT_PER_MINUTE=0, issue 11 item 5). MEDIA_WORKERS=0:
 * no ffmpeg jobs compete with the measurement (WAV originals stream as they are). Node's flags are
 * the ones its database runs with (scripts/server-node-flags.mjs, decision 0912).
 */
export async function startApp({ dataDir, databaseUrl, env = {} }) {
  if (!existsSync(path.join(root, 'dist/server/main.js')))
    throw new Error('no build: run npm run build first');
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      ...serverNodeFlags(databaseUrl),
      ...(process.env.BENCH_APP_NODE_ARGS ?? '').split(' ').filter(Boolean),
      'dist/server/main.js',
    ],
    {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl ?? '',
        SESSION_SECRET: BENCH_SESSION_SECRET,
        LOG_LEVEL: 'warn',
        MEDIA_WORKERS: '0',
        RATE_LIMIT_PER_MINUTE: '0',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const app = captured(child, `http://127.0.0.1:${port}`);
  const outputFile = process.env.BENCH_APP_OUTPUT;
  if (outputFile) {
    // What the app printed (e.g. with BENCH_APP_NODE_ARGS=--trace-gc), for a look afterwards.
    const stop = app.stop;
    app.stop = async () => {
      await stop();
      writeFileSync(outputFile, app.output());
    };
  }
  await waitForHealth(app, 120_000);
  return app;
}

/**
 * bench/reference-server.mjs answering `bodies` ({url: {type, body}}) from memory: bare Fastify on
 * `baseUrl`, bare Node (node:http) on `nodeUrl`; `patch` ({type, body}) is bare Node's answer to
 * any write.
 */
export async function startReference(bodies, workDir, { patch } = {}) {
  const port = await freePort();
  const nodePort = await freePort();
  const file = path.join(workDir, 'reference-bodies.json');
  writeFileSync(file, JSON.stringify({ get: bodies, patch }));
  const ref = await forkReference('reference-server.mjs', [port, nodePort, file, workDir], port);
  ref.nodeUrl = `http://127.0.0.1:${nodePort}`;
  return ref;
}

/** bench/reference-static.mjs (decision 0955): bare Fastify and @fastify/static on `clientDir`. */
export async function startStaticReference(clientDir) {
  const port = await freePort();
  return forkReference('reference-static.mjs', [port, clientDir], port);
}

/** bench/reference-health.mjs (issue 48): a bare health check on `databaseUrl`, the floor of the app's. */
export async function startHealthReference({ databaseUrl }) {
  const port = await freePort();
  return forkReference('reference-health.mjs', [port, databaseUrl], port);
}

/**
 * bench/reference-pg.mjs (issue 48): bare Node making one PostgreSQL round trip a request before
 * sending `get`'s bytes (or `patch`'s, for any write) on `nodeUrl`, and Fastify with @fastify/session
 * on the app's `sessions` table answering `get['/api/auth/user']` on `baseUrl`.
 */
export async function startPgReferences({ databaseUrl, sessionSecret, userId, get, patch, workDir }) {
  const port = await freePort();
  const nodePort = await freePort();
  const frameworkPort = await freePort();
  const file = path.join(workDir, 'reference-pg.json');
  writeFileSync(file, JSON.stringify({ databaseUrl, sessionSecret, userId, get, patch }));
  const ref = await forkReference('reference-pg.mjs', [port, nodePort, frameworkPort, file], port);
  ref.nodeUrl = `http://127.0.0.1:${nodePort}`;
  ref.frameworkUrl = `http://127.0.0.1:${frameworkPort}`;
  return ref;
}

/**
 * startReference() answering what the app at `baseUrl` answers now: each of `urls` fetched signed in
 * as `session` ({ cookie, token }), and, given `trackId`, the app's answer to a PATCH of that track's
 * notes as bare Node's answer to any write (the PATCH first, so the recorded list holds the change).
 * Given `roundTrip` ({ databaseUrl, userId }: the app on PostgreSQL, signed in as userId), the same
 * answers also from bench/reference-pg.mjs: `roundTripUrl`, bare Node making one PostgreSQL round
 * trip a request (issue 48's reference of the list right after a change), `sessionUrl`, Fastify
 * with @fastify/session on the app's sessions table, and `frameworkUrl`, the same with each session
 * held once read, answering the list and the PATCH after the same one round trip.
 */
export async function startRecordedReference({ baseUrl, session, urls, trackId, workDir, roundTrip }) {
  const headers = { cookie: session.cookie };
  let patch;
  if (trackId !== undefined) {
    const res = await fetch(`${baseUrl}/api/tracks/${trackId}`, {
      method: 'PATCH',
      headers: { ...headers, 'x-csrf-token': session.token, 'content-type': 'application/json' },
      body: JSON.stringify({ notes: 'Bench reference edit' }),
    });
    if (res.status !== 200) throw new Error(`PATCH /api/tracks/${trackId} answered ${res.status}`);
    patch = { type: res.headers.get('content-type'), body: await res.text() };
  }
  const bodies = {};
  for (const url of urls) {
    const res = await fetch(baseUrl + url, { headers });
    if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}`);
    bodies[url] = { type: res.headers.get('content-type'), body: await res.text() };
  }
  const ref = await startReference(bodies, workDir, { patch });
  if (!roundTrip) return ref;
  const pgRef = await startPgReferences({
    ...roundTrip,
    sessionSecret: BENCH_SESSION_SECRET,
    get: bodies,
    patch,
    workDir,
  }).catch(async (err) => {
    await ref.stop();
    throw err;
  });
  const stopBare = ref.stop;
  ref.stop = async () => {
    await Promise.all([stopBare(), pgRef.stop()]);
  };
  ref.roundTripUrl = pgRef.nodeUrl;
  ref.sessionUrl = pgRef.baseUrl;
  ref.frameworkUrl = pgRef.frameworkUrl;
  return ref;
}

/**
 * nginx serving the files under `rootDir`, unprivileged, from bench/nginx.conf; with `proxy`
 * ({ app: 'host:port', filesDir }), it also proxies to the app on `proxyUrl` and serves its
 * X-Accel-Redirect answers from `filesDir` (STREAM_OFFLOAD=nginx, decision 0069).
 */
export async function startNginx(rootDir, proxy) {
  const nginx = ['/usr/sbin/nginx', '/usr/bin/nginx'].find(existsSync);
  if (!nginx) throw new Error('nginx is not installed: apt-get install -y nginx');
  const prefix = mkdtempSync(path.join(tmpdir(), 'journal-bench-nginx-'));
  // nginx workers run as nobody: the folders they read must be world-readable (STACK-NOTES).
  for (const dir of [prefix, rootDir]) chmodSync(dir, 0o755);
  const port = await freePort();
  const proxyPort = await freePort();
  const conf = readFileSync(path.join(root, 'bench/nginx.conf'), 'utf8')
    .replaceAll('@PREFIX@', prefix)
    .replaceAll('@PORT@', String(port))
    .replaceAll('@ROOT@', rootDir)
    .replaceAll('@PROXY_PORT@', String(proxyPort))
    // Without an app the proxy block still has to parse: the discard port, never asked.
    .replaceAll('@APP@', proxy?.app ?? '127.0.0.1:9')
    .replaceAll('@FILES@', proxy?.filesDir ?? rootDir);
  const confFile = path.join(prefix, 'nginx.conf');
  writeFileSync(confFile, conf);
  const child = spawn(nginx, ['-c', confFile, '-p', prefix], { stdio: ['ignore', 'pipe', 'pipe'] });
  const server = captured(child, `http://127.0.0.1:${port}`);
  server.proxyUrl = `http://127.0.0.1:${proxyPort}`;
  const stopNginx = server.stop;
  server.stop = async () => {
    await stopNginx();
    rmSync(prefix, { recursive: true, force: true });
  };
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      await fetch(server.baseUrl);
      return server;
    } catch {
      if (child.exitCode !== null || Date.now() > deadline)
        throw new Error(`nginx did not start:\n${server.output()}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

const ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

async function admin(sql) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A fresh database for this run; returns its URL and a function dropping it. */
export async function freshPostgresDatabase() {
  const name = `journal_bench_${process.pid}_${Date.now()}`;
  await admin(`create database ${name}`);
  return {
    url: `postgres://postgres@127.0.0.1:5432/${name}`,
    drop: () => admin(`drop database if exists ${name} with (force)`),
  };
}

export const gitRevision = () => {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root }).toString().trim();
  } catch {
    return 'unknown';
  }
};
