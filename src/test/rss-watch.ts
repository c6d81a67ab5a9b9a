import { spawn } from 'node:child_process';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { SESSION_COOKIE } from '../server/plugins/session';
import type { TestClient } from './build-test-app';

/** V8's full collection, without starting the test process with --expose-gc. */
export function garbageCollector(): () => void {
  setFlagsFromString('--expose-gc');
  // A collection hands the backing stores of dead Buffers to a background sweeper, so RSS read at
  // once still counted up to 30 MB of them on an S3 download (decision 0907): freed in the pause.
  setFlagsFromString('--no-concurrent-array-buffer-sweeping');
  return runInNewContext('gc') as () => void;
}

/** Collections may take at most this share of the event loop (see watchRss). */
export const MAX_COLLECTION_SHARE = 0.2;

/**
 * Samples this process's RSS from now until `stop()`, which answers the peak growth over the
 * baseline taken at the start.
 *
 * With `collect` (a full garbage collection), each sample follows one, so RSS shows what the server
 * holds, not Buffers it is done with that V8 has not collected yet (it waits for 64 MB of them).
 * The collection runs on the event loop that serves the requests being measured. At a fixed 100 ms
 * it took 60 % of that loop (24.7 s of a 41 s upload of 1 GiB to S3, 59 ms each on a 74 MB heap),
 * and on a loaded machine (load 4 on 2 cores) all of it: the upload it watched never finished, and
 * CI timed out (the run of 2026-12-01 02:08, stop 55). So the next sample waits until collections have taken no more than
 * MAX_COLLECTION_SHARE of the time since the last one began, whatever the load.
 */
export function watchRss(options: { collect?: () => void; everyMs: number }): { stop(): number } {
  const { collect, everyMs } = options;
  collect?.();
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  let timer: NodeJS.Timeout | undefined;
  const sample = () => {
    const began = performance.now();
    collect?.();
    peak = Math.max(peak, process.memoryUsage().rss);
    const cost = performance.now() - began;
    timer = setTimeout(sample, Math.max(everyMs, cost / MAX_COLLECTION_SHARE - cost));
  };
  timer = setTimeout(sample, everyMs);
  return {
    stop() {
      clearTimeout(timer);
      return peak - baseline;
    },
  };
}

/**
 * Runs `work` while sampling this process's RSS after full garbage collections (watchRss);
 * answers the peak growth.
 */
export async function rssGrowthDuring<T>(work: () => Promise<T>): Promise<{ result: T; rssGrowth: number }> {
  const watch = watchRss({ collect: garbageCollector(), everyMs: 100 });
  try {
    const result = await work();
    return { result, rssGrowth: watch.stop() };
  } finally {
    watch.stop();
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
