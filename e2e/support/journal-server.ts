import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import {
  cpSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type LocalOidcProvider, startOidcProvider } from '../../src/test/oidc-provider';

/** Repository root (this file is e2e/support/journal-server.ts). */
export const ROOT = path.resolve(import.meta.dirname, '..', '..');
const SERVER_ENTRY = path.join(ROOT, 'dist', 'server', 'main.js');
const CLIENT_ENTRY = path.join(ROOT, 'dist', 'client', 'index.html');
export const SERVER_LOG = path.join(ROOT, 'test-results', 'e2e-server.log');

/**
 * Copies dist/ and drizzle/ into a folder of this run under test-results/e2e-app/, so an
 * `npm run build` (or another test run) during the stories cannot swap the client's hashed assets or
 * the server under them. It stays inside the repository so the bundle's bare imports still resolve
 * from node_modules, and main.js still finds drizzle/ by walking up.
 */
export function snapshotBuild(): string {
  const runs = path.join(ROOT, 'test-results', 'e2e-app');
  mkdirSync(runs, { recursive: true });
  const dir = mkdtempSync(path.join(runs, 'run-'));
  cpSync(path.join(ROOT, 'dist'), path.join(dir, 'dist'), { recursive: true });
  cpSync(path.join(ROOT, 'drizzle'), path.join(dir, 'drizzle'), { recursive: true });
  return dir;
}

/** At least 32 characters, as config.ts requires; fixed so a failing run can be replayed. */
const SESSION_SECRET = 'e2e-session-secret-0123456789abcdef0123456789';

export interface RunningJournal {
  baseURL: string;
  dataDir: string;
  /** The local issuer; undefined when started with `google: false`. */
  oidc: LocalOidcProvider | undefined;
  stop(): Promise<void>;
}

export interface StartOptions {
  /** false: no OIDC_* settings at all, as on a server where Google sign-in is not configured. */
  google?: boolean;
  /** Server output goes here (default test-results/e2e-server.log). */
  logFile?: string;
  /** Extra settings for this server (e.g. DEMO_ENABLED). */
  env?: Record<string, string>;
  /** How long it may take to answer /api/health (default 60 s; a story run beside busy ones waits longer). */
  healthTimeoutMs?: number;
}

/** Asks the OS for a port nobody listens on (there is a tiny race until the server binds it). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(full));
    else if (!/\.test\.tsx?$/.test(entry.name)) newest = Math.max(newest, statSync(full).mtimeMs);
  }
  return newest;
}

/**
 * Builds dist/ only when needed. The runner scripts (scripts/test.mjs, scripts/e2e.mjs) build first
 * and set JOURNAL_E2E_SKIP_BUILD=1, so a plain `npx playwright test` is the only case that builds here:
 * when dist/ is missing or older than src/.
 */
export function ensureBuilt(): void {
  const built = existsSync(SERVER_ENTRY) && existsSync(CLIENT_ENTRY);
  if (process.env.JOURNAL_E2E_SKIP_BUILD === '1') {
    if (!built) throw new Error(`JOURNAL_E2E_SKIP_BUILD=1 but ${SERVER_ENTRY} or ${CLIENT_ENTRY} is missing`);
    return;
  }
  const builtAt = built ? Math.min(statSync(SERVER_ENTRY).mtimeMs, statSync(CLIENT_ENTRY).mtimeMs) : 0;
  if (built && newestMtime(path.join(ROOT, 'src')) <= builtAt) return;
  console.log(built ? '[e2e] src/ is newer than dist/: npm run build' : '[e2e] no build yet: npm run build');
  const result = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`npm run build failed (exit ${result.status})`);
}

function tail(file: string, lines = 60): string {
  if (!existsSync(file)) return '(no server output)';
  return readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
}

export async function waitForHealth(
  baseURL: string,
  child: ChildProcess,
  logFile: string,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastProblem = 'no answer yet';
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `The Journal server exited (code ${child.exitCode}, signal ${child.signalCode}) before it was healthy.\n` +
          `Last lines of ${logFile}:\n${tail(logFile)}`,
      );
    }
    try {
      const res = await fetch(`${baseURL}/api/health`, { signal: AbortSignal.timeout(2_000) });
      const body = (await res.json().catch(() => null)) as { status?: string } | null;
      if (res.status === 200 && body?.status === 'ok') return;
      lastProblem = `GET /api/health answered ${res.status} ${JSON.stringify(body)}`;
    } catch (error) {
      lastProblem = error instanceof Error ? error.message : String(error);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(
    `The Journal server was not healthy within ${timeoutMs / 1000} s (${lastProblem}).\n` +
      `Last lines of ${logFile}:\n${tail(logFile)}`,
  );
}

export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** The production build in appDir (see snapshotBuild) as a child process, its output into log. */
export function spawnBuiltApp(
  appDir: string,
  env: NodeJS.ProcessEnv,
  log: NodeJS.WritableStream,
): ChildProcess {
  const child = spawn(process.execPath, [path.join(appDir, 'dist', 'server', 'main.js')], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  return child;
}

/** The one person the shared server names in ADMIN_USERS. */
export const STORY_ADMIN_EMAIL = 'story-admin@example.com';

/**
 * Names a migrated PGlite data folder (made by makeDataTemplate) that startJournal copies into each
 * new DATA_DIR. Set in the global setup; Playwright's workers inherit it.
 */
const DATA_TEMPLATE_ENV = 'JOURNAL_E2E_DATA_TEMPLATE';

/**
 * Makes one PGlite data folder with the build's own `migrate` command (initdb, every migration, the
 * job queue's tables), for every server of the run to start from a copy of. Each new folder cost a
 * server ~11 s of CPU before its first answer, and a run starts five (the shared one, the two with
 * other settings, the bulk and the folder-drop stories'), two of them on the run's serial tail
 * (decision 0933). Returns the function that removes it.
 */
export function makeDataTemplate(): () => void {
  const dir = mkdtempSync(path.join(tmpdir(), 'journal-e2e-template-'));
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dir };
  delete env.DATABASE_URL;
  const result = spawnSync(process.execPath, [SERVER_ENTRY, 'migrate'], { cwd: ROOT, env, encoding: 'utf8' });
  if (result.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`Migrating the stories' data folder failed (exit ${result.status}):\n${result.stderr}`);
  }
  process.env[DATA_TEMPLATE_ENV] = dir;
  return () => {
    delete process.env[DATA_TEMPLATE_ENV];
    rmSync(dir, { recursive: true, force: true });
  };
}

/**
 * Starts the local OpenID Connect issuer and the built server (`node dist/server/main.js`) on a free
 * port with a throw-away DATA_DIR (embedded PGlite: a copy of the run's migrated folder when there
 * is one), and waits for GET /api/health.
 */
export async function startJournal(options: StartOptions = {}): Promise<RunningJournal> {
  const logFile = options.logFile ?? SERVER_LOG;
  const oidc = options.google === false ? undefined : await startOidcProvider();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'journal-e2e-'));
  const template = process.env[DATA_TEMPLATE_ENV];
  if (template && existsSync(template)) cpSync(template, dataDir, { recursive: true });
  const port = await freePort();
  // One origin for the browser, PUBLIC_URL and the OIDC redirect URI, so the session cookie set by
  // /api/auth/callback is the one the browser sends afterwards.
  const baseURL = `http://127.0.0.1:${port}`;

  mkdirSync(path.dirname(logFile), { recursive: true });
  const log = createWriteStream(logFile);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: baseURL,
    SESSION_SECRET,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
    // Each story's browser sends an X-Forwarded-For of its own (e2e/fixtures.ts storyAddress), so
    // the per-address limits count stories apart when several run at once (decision 0153).
    TRUST_PROXY: '127.0.0.1',
    // The admin story's admin (e2e/admin.spec.ts, decision 0445); no other story signs in as them.
    ADMIN_USERS: STORY_ADMIN_EMAIL,
    ...options.env,
  };
  // Embedded PGlite under DATA_DIR and only the issuer chosen here, whatever the calling shell has set.
  for (const key of ['DATABASE_URL', 'OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET']) delete env[key];
  if (oidc) {
    env.OIDC_ISSUER = oidc.issuer;
    env.OIDC_CLIENT_ID = oidc.clientId;
    env.OIDC_CLIENT_SECRET = oidc.clientSecret;
  }

  const appDir = snapshotBuild();
  const child = spawnBuiltApp(appDir, env, log);
  if (process.env.E2E_SERVER_OUTPUT === '1') {
    child.stdout?.pipe(process.stdout);
    child.stderr?.pipe(process.stderr);
  }

  const stop = async () => {
    await stopChild(child);
    await oidc?.stop().catch(() => undefined);
    log.end();
    rmSync(appDir, { recursive: true, force: true });
    if (process.env.E2E_KEEP_DATA === '1') console.log(`[e2e] kept DATA_DIR ${dataDir}`);
    else rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForHealth(baseURL, child, logFile, options.healthTimeoutMs ?? 60_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseURL, dataDir, oidc, stop };
}
