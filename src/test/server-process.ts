import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

/** Asks the OS for a port nobody listens on (tiny race until the server binds it). */
export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  baseUrl: string;
  output: () => string;
  exited: Promise<number | null>;
}

/**
 * The real server (src/server/main.ts through tsx) as a child process, output captured. With
 * `fileSizeLimitBlocks` it runs under `ulimit -f` (writes past it fail with EFBIG: Node ignores
 * SIGXFSZ), a real disk fault.
 */
export function startServerProcess(
  port: number,
  env: Record<string, string>,
  options: { fileSizeLimitBlocks?: number; args?: string[] } = {},
): ServerProcess {
  const node = [process.execPath, '--import', 'tsx', 'src/server/main.ts', ...(options.args ?? [])];
  const [command, ...args] =
    options.fileSizeLimitBlocks === undefined
      ? node
      : ['sh', '-c', `ulimit -f ${options.fileSizeLimitBlocks} && exec "$0" "$@"`, ...node];
  const child = spawn(command!, args, {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'info', DATABASE_URL: '', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  // 'close', not 'exit': by then every byte the process wrote has reached output().
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  return { child, baseUrl: `http://127.0.0.1:${port}`, output: () => output, exited };
}

/**
 * A PGlite data folder migrated by the server's own `migrate` command, for tests whose subject is
 * not the first start: they copy it (dataDirFrom) and start in seconds. A first start creates PGlite
 * and runs every migration, most of a start's CPU; beside the browser stories one took over 60 s,
 * and the test failed on its set-up, not on what it checks.
 */
export async function migratedDataTemplate(): Promise<string> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'journal-template-'));
  const migrating = startServerProcess(await freePort(), { DATA_DIR: dataDir }, { args: ['migrate'] });
  const code = await migrating.exited;
  if (code !== 0) throw new Error(`migrate exited with ${code}:\n${migrating.output()}`);
  return dataDir;
}

/** A new DATA_DIR holding a copy of `template` (migratedDataTemplate). */
export function dataDirFrom(template: string): string {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'journal-data-'));
  cpSync(template, dataDir, { recursive: true });
  return dataDir;
}

/**
 * How long a start may take before a test calls it hung. A guard, not a measure: how fast the server
 * starts is the bench's (issue 48: the first start ≤ 20 s), never a timed assertion of a test. Beside
 * the browser stories on a slow 2-core machine a first start on a new PGlite folder took over 60 s.
 */
export const START_DEADLINE_MS = 150_000;

/** Resolves once GET /api/health answers 200; fails if the process exits or the deadline passes. */
export async function waitForHealth(server: ServerProcess, timeoutMs = START_DEADLINE_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${server.baseUrl}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    if (server.child.exitCode !== null) throw new Error(`server exited early:\n${server.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not become healthy:\n${server.output()}`);
}

/** A browser-like session against a real server: cookie jar and CSRF header on mutations. */
export class HttpSession {
  private cookie = '';
  private csrf: string | undefined;

  /** `cookie`: a session cookie to start with ("journal.sid=…"). */
  constructor(
    private readonly baseUrl: string,
    cookie = '',
  ) {
    this.cookie = cookie;
  }

  private remember(res: Response) {
    for (const set of res.headers.getSetCookie()) {
      const pair = set.split(';')[0] ?? '';
      if (!/max-age=0/i.test(set) && pair.includes('=')) this.cookie = pair;
    }
  }

  async request(method: string, url: string, body?: unknown): Promise<Response> {
    const headers: Record<string, string> = {};
    if (method !== 'GET') {
      if (!this.csrf) {
        const res = await this.request('GET', '/api/auth/csrf-token');
        // No token (e.g. 503 while the database is away): that answer is the outcome.
        if (res.status !== 200) return res;
        this.csrf = ((await res.json()) as { csrfToken: string }).csrfToken;
      }
      headers['x-csrf-token'] = this.csrf;
    }
    if (this.cookie) headers.cookie = this.cookie;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(this.baseUrl + url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    this.remember(res);
    return res;
  }
}

/**
 * Signs a new demo visitor in on a running server: the session cookie ("journal.sid=…"), a CSRF
 * token for it, and the account's id.
 */
export async function signInAsDemo(baseUrl: string): Promise<{ cookie: string; token: string; id: string }> {
  const csrf = await fetch(`${baseUrl}/api/auth/csrf-token`);
  const anonymous = csrf.headers.get('set-cookie')!.split(';')[0]!;
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const demo = await fetch(`${baseUrl}/api/auth/demo-session`, {
    method: 'POST',
    headers: { cookie: anonymous, 'x-csrf-token': csrfToken },
  });
  if (demo.status !== 200) throw new Error(`demo sign-in failed: ${demo.status} ${await demo.text()}`);
  const { id } = (await demo.json()) as { id: string };
  const cookie = demo.headers
    .getSetCookie()
    .find((c) => !/max-age=0/i.test(c) && c.startsWith('journal.sid='))!
    .split(';')[0]!;
  const tokenRes = await fetch(`${baseUrl}/api/auth/csrf-token`, { headers: { cookie } });
  return { cookie, token: ((await tokenRes.json()) as { csrfToken: string }).csrfToken, id };
}
