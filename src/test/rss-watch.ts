import { spawn } from 'node:child_process';
import { SESSION_COOKIE } from '../server/plugins/session';
import type { TestClient } from './build-test-app';
import { garbageCollector } from './large-upload';

/**
 * Runs `work` while sampling this process's RSS every 100 ms after a full garbage collection
 * (what the server holds, not garbage V8 has not collected yet); answers the peak growth.
 */
export async function rssGrowthDuring<T>(work: () => Promise<T>): Promise<{ result: T; rssGrowth: number }> {
  const gc = garbageCollector();
  gc();
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const sampler = setInterval(() => {
    gc();
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 100);
  try {
    const result = await work();
    return { result, rssGrowth: peak - baseline };
  } finally {
    clearInterval(sampler);
  }
}

const DOWNLOADER = `
const { URL_, COOKIE } = process.env;
const res = await fetch(URL_, { headers: { cookie: COOKIE } });
let bytes = 0;
for await (const chunk of res.body) bytes += chunk.length;
process.stdout.write(res.status + ' ' + bytes);
`;

/**
 * GETs `path` over real HTTP from a child process (its buffers are not this process's), reading
 * and dropping the body; answers the status and the number of bytes.
 */
export async function downloadInChild(
  port: number,
  client: TestClient,
  path: string,
): Promise<{ status: number; bytes: number }> {
  const out = await new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', DOWNLOADER], {
      env: {
        URL_: `http://127.0.0.1:${port}${path}`,
        COOKIE: `${SESSION_COOKIE}=${client.cookies.get(SESSION_COOKIE)}`,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let text = '';
    let err = '';
    child.stdout.on('data', (d) => (text += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`download failed: ${err}`))));
  });
  const [status, bytes] = out.split(' ').map(Number);
  return { status: status!, bytes: bytes! };
}
