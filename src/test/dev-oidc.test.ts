import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './server-process';

// npm run dev:oidc (decision 0863): the app with the local issuer, signing a newcomer in as an admin.
const root = path.resolve(import.meta.dirname, '../..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'dev-oidc-'));
let child: ChildProcess;
let baseUrl: string;
let output = '';

beforeAll(async () => {
  const [port, issuerPort] = [await freePort(), await freePort()];
  baseUrl = `http://127.0.0.1:${port}`;
  child = spawn(process.execPath, ['--import', 'tsx', 'scripts/dev-oidc.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      DEV_OIDC_SERVER: 'source',
      DEV_OIDC_PORT: String(issuerPort),
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      ADMIN_USERS: '',
      LOG_FORMAT: 'json',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    if (
      await fetch(`${baseUrl}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    if (child.exitCode !== null) throw new Error(`dev:oidc exited early:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`dev:oidc did not become healthy:\n${output}`);
}, 180_000);

afterAll(async () => {
  if (child.exitCode === null) {
    const closed = new Promise((resolve) => child.once('close', resolve));
    child.kill('SIGTERM');
    await closed;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

/** A browser's cookie jar, reduced to what the sign-in needs: name=value pairs per host. */
function jar() {
  const cookies = new Map<string, string>();
  return {
    header: () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    take(res: Response) {
      for (const line of res.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const at = pair?.indexOf('=') ?? -1;
        if (pair && at > 0) cookies.set(pair.slice(0, at), pair.slice(at + 1));
      }
    },
  };
}

describe('npm run dev:oidc', () => {
  it('says who "Sign in with Google" signs in as', () => {
    expect(output).toContain('signs you in as Ada Lovelace (ada@example.com), an instance admin');
  });

  it('signs a browser in through the local issuer as an instance admin', async () => {
    const app = jar();
    const start = await fetch(`${baseUrl}/api/supabase/auth`, { redirect: 'manual' });
    app.take(start);
    const authorize = start.headers.get('location') ?? '';
    expect(authorize).toMatch(/^http:\/\/(localhost|127\.0\.0\.1):\d+\/authorize\?/);
    const atIssuer = await fetch(authorize, { redirect: 'manual' });
    const callback = atIssuer.headers.get('location') ?? '';
    expect(callback.startsWith(`${baseUrl}/api/auth/callback?`)).toBe(true);
    const back = await fetch(callback, { redirect: 'manual', headers: { cookie: app.header() } });
    app.take(back);
    const user = await fetch(`${baseUrl}/api/auth/user`, { headers: { cookie: app.header() } });
    expect(user.status).toBe(200);
    expect(await user.json()).toMatchObject({ email: 'ada@example.com', isAdmin: true });
  });
});
