// wrk runs for the Range cases (issue 11 item 1): autocannon could only estimate bytes per second
// from latencies and topped out near 80 MB/s, below what nginx serves; wrk counts the bytes itself.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

const WRK = ['/usr/bin/wrk', '/usr/local/bin/wrk'].find(existsSync);
const SCRIPT = path.resolve(import.meta.dirname, '../range.lua');

/**
 * `connections` connections asking for random 1 MiB Ranges of `url` (a file of `fileBytes`) for
 * `seconds`; resolves with the figures pair() compares (throughput in bytes per second).
 */
export function wrkRange({ url, fileBytes, cookie, connections, seconds }) {
  if (!WRK) throw new Error('wrk is not installed: apt-get install -y wrk');
  const threads = String(Math.min(2, connections));
  const args = ['-t', threads, '-c', String(connections), '-d', `${seconds}s`, '--timeout', '30s'];
  return new Promise((resolve, reject) => {
    execFile(
      WRK,
      [...args, '-s', SCRIPT, url],
      { env: { ...process.env, RANGE_FILE_BYTES: String(fileBytes), BENCH_COOKIE: cookie ?? '' } },
      (err, stdout, stderr) => {
        const line = stdout.split('\n').find((l) => l.startsWith('WRK_JSON '));
        if (err || !line)
          return reject(new Error(`wrk failed on ${url}: ${err?.message ?? ''}\n${stdout}${stderr}`));
        const r = JSON.parse(line.slice('WRK_JSON '.length));
        const secs = r.durationUs / 1e6;
        resolve({
          p50: r.p50Us / 1000,
          p99: r.p99Us / 1000,
          reqPerSec: r.requests / secs,
          throughput: r.bytes / secs,
          requests: r.requests,
          bad: r.bad,
        });
      },
    );
  });
}
