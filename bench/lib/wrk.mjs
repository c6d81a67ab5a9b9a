// wrk runs of npm run bench. Range (issue 11 item 1): autocannon could only estimate bytes per
// second from latencies and topped out near 80 MB/s, below what nginx serves; wrk counts the bytes
// itself. Latency cases (issue 30, decision 0485): autocannon, in this Node process, was the
// bottleneck on large answers at 50 connections (a 370 KB list: ~700 req/s against wrk's ~5,000 from
// the same bare server), and the write-then-read loops need each step timed apart. wrk runs one
// thread a connection; bench/lua/timing.lua times each request in microseconds.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const WRK = ['/usr/bin/wrk', '/usr/local/bin/wrk'].find(existsSync);
const LUA = path.resolve(import.meta.dirname, '../lua');
// Part of each run's BENCH_TAG: no two runs of one bench write the same notes.
let tag = 0;

/** One wrk run of `script` (bench/lua/); resolves with its WRK_JSON line, latencies in ms. */
function runWrk({ url, script, connections, seconds, env }) {
  if (!WRK) throw new Error('wrk is not installed: apt-get install -y wrk');
  const c = String(connections);
  // A generous timeout: a slow answer is a figure to report, not an error that stops the bench.
  const args = ['-t', c, '-c', c, '-d', `${Math.max(1, Math.round(seconds))}s`, '--timeout', '120s'];
  return new Promise((resolve, reject) => {
    execFile(
      WRK,
      [...args, '-s', path.join(LUA, script), url],
      { env: { ...process.env, ...env }, maxBuffer: 16 * 1024 ** 2 },
      (err, stdout, stderr) => {
        const line = stdout.split('\n').find((l) => l.startsWith('WRK_JSON '));
        if (err || !line)
          return reject(new Error(`wrk failed on ${url}: ${err?.message ?? ''}\n${stdout}${stderr}`));
        const r = JSON.parse(line.slice('WRK_JSON '.length));
        const steps = {};
        for (const [label, s] of Object.entries(r.steps)) {
          steps[label] = {
            n: s.n,
            p50: s.p50 / 1000,
            p90: s.p90 / 1000,
            p99: s.p99 / 1000,
            max: s.max / 1000,
          };
        }
        resolve({ ...r, seconds: r.durationUs / 1e6, steps });
      },
    );
  });
}

/**
 * `connections` connections asking for random 1 MiB Ranges of `url` (a file of `fileBytes`) for
 * `seconds`; resolves with the figures pair() compares (throughput in bytes per second).
 */
export async function wrkRange({ url, fileBytes, cookie, connections, seconds }) {
  const r = await runWrk({
    url,
    script: 'range.lua',
    connections,
    seconds,
    env: { RANGE_FILE_BYTES: String(fileBytes), BENCH_COOKIE: cookie ?? '' },
  });
  return {
    p50: r.steps.range.p50,
    p99: r.steps.range.p99,
    reqPerSec: r.requests / r.seconds,
    throughput: r.bytes / r.seconds,
    requests: r.requests,
    bad: r.bad,
  };
}

/**
 * Closed-loop load from bench/lua/loop.lua: each of `connections` connections repeats `steps`
 * ('get', or 'patch,get': PATCH one of `ids` then GET the next of `paths`) for `seconds`. Resolves
 * with the last step's p50/p99 (ms), the others under `steps`, loops a second and any bad answers.
 * `session` ({ cookie, token }) signs the requests in.
 */
export async function wrkLoop({
  baseUrl,
  paths,
  steps = ['get'],
  ids = [],
  session,
  connections,
  seconds,
  acceptEncoding,
}) {
  if (steps.includes('patch') && ids.length === 0) throw new Error('wrkLoop: patch needs track ids');
  const dir = mkdtempSync(path.join(tmpdir(), 'journal-bench-wrk-'));
  try {
    const pathsFile = path.join(dir, 'paths');
    const idsFile = path.join(dir, 'ids');
    writeFileSync(pathsFile, `${paths.join('\n')}\n`);
    writeFileSync(idsFile, `${ids.join('\n')}\n`);
    const r = await runWrk({
      url: baseUrl + paths[0],
      script: 'loop.lua',
      connections,
      seconds,
      env: {
        BENCH_STEPS: steps.join(','),
        BENCH_PATHS_FILE: pathsFile,
        BENCH_IDS_FILE: idsFile,
        BENCH_COOKIE: session?.cookie ?? '',
        BENCH_CSRF: session?.token ?? '',
        BENCH_TAG: `${Date.now().toString(36)}${(tag++).toString(36)}`,
        BENCH_CONNECTIONS: String(connections),
        // What a browser sends (e.g. 'gzip, deflate, br'), on the GETs; none by default.
        BENCH_ACCEPT_ENCODING: acceptEncoding ?? '',
      },
    });
    const last = r.steps[steps.at(-1)];
    // Not one timed answer within the run: each took longer than the run, which is what it reports
    // (a floor), rather than an empty figure of 0 ms.
    const floor = last.n === 0 ? r.seconds * 1000 : undefined;
    if (floor)
      console.warn(`wrk: no ${steps.at(-1)} answered within ${r.seconds.toFixed(0)} s on ${baseUrl}`);
    return {
      p50: floor ?? last.p50,
      p99: floor ?? last.p99,
      reqPerSec: r.requests / r.seconds,
      loopsPerSec: last.n / r.seconds,
      requests: r.requests,
      bad: r.bad,
      steps: r.steps,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
