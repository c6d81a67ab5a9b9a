import { spawn } from 'node:child_process';
import { SESSION_COOKIE } from '../server/plugins/session';
import type { TestClient } from './build-test-app';
import { wavHeader } from './media-fixtures';
import { garbageCollector, watchRss } from './rss-watch';

/**
 * The client side, run in a process of its own so that its buffers never count as the server's:
 * a multipart body of a valid WAV, generated chunk by chunk (never whole in memory) and POSTed to
 * /api/tracks. Prints `STATUS <code>` then the reply body.
 */
const CLIENT = `
import { request } from 'node:http';
import { Readable } from 'node:stream';
const { PORT, BYTES, BOUNDARY, COOKIE, TOKEN, WAV_HEADER } = process.env;
const dataBytes = Number(BYTES) - 44;
const chunk = Buffer.alloc(1024 * 1024);
function* body() {
  yield Buffer.from(
    '--' + BOUNDARY + '\\r\\nContent-Disposition: form-data; name="name"\\r\\n\\r\\nBig session\\r\\n' +
      '--' + BOUNDARY + '\\r\\nContent-Disposition: form-data; name="audio"; filename="big.wav"\\r\\nContent-Type: audio/wav\\r\\n\\r\\n',
  );
  yield Buffer.from(WAV_HEADER, 'base64');
  for (let sent = 0; sent < dataBytes; ) {
    const n = Math.min(chunk.length, dataBytes - sent);
    sent += n;
    yield n === chunk.length ? chunk : chunk.subarray(0, n);
  }
  yield Buffer.from('\\r\\n--' + BOUNDARY + '--\\r\\n');
}
const req = request(
  {
    host: '127.0.0.1',
    port: Number(PORT),
    method: 'POST',
    path: '/api/tracks',
    headers: { 'content-type': 'multipart/form-data; boundary=' + BOUNDARY, cookie: COOKIE, 'x-csrf-token': TOKEN },
  },
  (res) => {
    let text = '';
    res.on('data', (d) => (text += d));
    res.on('end', () => process.stdout.write('STATUS ' + res.statusCode + '\\n' + text));
  },
);
req.on('error', (err) => { console.error(err); process.exit(1); });
Readable.from(body()).pipe(req);
`;

/**
 * POSTs a WAV of `bytes` to /api/tracks over real HTTP (the app listening on `port`) from a child
 * process, and samples this process's RSS meanwhile: the growth over the baseline is what the
 * upload cost the server in memory.
 */
export async function uploadLargeWav(options: {
  port: number;
  client: TestClient;
  bytes: number;
  sampleRate: number;
  /**
   * Collect garbage before each sample (every 100 ms, or less often when collections are slow:
   * watchRss), so RSS shows what the server holds, not Buffers it is done with.
   */
  collectGarbage?: boolean;
}): Promise<{ status: number; body: string; rssGrowth: number }> {
  const token = await options.client.fetchCsrfToken();
  const watch = options.collectGarbage
    ? watchRss({ collect: garbageCollector(), everyMs: 100 })
    : watchRss({ everyMs: 20 });
  try {
    const output = await new Promise<string>((resolve, reject) => {
      const child = spawn(process.execPath, ['--input-type=module', '-e', CLIENT], {
        env: {
          PORT: String(options.port),
          BYTES: String(options.bytes),
          BOUNDARY: 'journal-memory-test',
          COOKIE: `${SESSION_COOKIE}=${options.client.cookies.get(SESSION_COOKIE)}`,
          TOKEN: token,
          WAV_HEADER: wavHeader(options.bytes - 44, options.sampleRate).toString('base64'),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      let err = '';
      child.stdout.on('data', (d) => (out += d));
      child.stderr.on('data', (d) => (err += d));
      child.on('error', reject);
      child.on('exit', (code) =>
        code === 0 ? resolve(out) : reject(new Error(`upload client failed: ${err}`)),
      );
    });
    const match = output.match(/^STATUS (\d+)\n([\s\S]*)$/);
    if (!match) throw new Error(`upload client printed: ${output}`);
    return { status: Number(match[1]), body: match[2]!, rssGrowth: watch.stop() };
  } finally {
    watch.stop();
  }
}
