import { request as httpRequest } from 'node:http';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { wavHeader } from '../../../test/media-fixtures';
import { SESSION_COOKIE } from '../../plugins/session';

const FILE_BYTES = 400 * 1024 * 1024;
const SAMPLE_RATE = 8000;

let t: TestApp;
let client: TestClient & { userId: string };
let port: number;

beforeAll(async () => {
  t = await buildTestApp({ config: { maxUploadBytes: 1024 * 1024 * 1024 } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
  client = await t.signedInClient();
});
afterAll(async () => t.close());

/** A multipart body of a valid WAV of FILE_BYTES, generated chunk by chunk (never whole in memory). */
function multipartBody(boundary: string): Readable {
  const dataBytes = FILE_BYTES - 44;
  const chunk = Buffer.alloc(1024 * 1024);
  let sent = 0;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nBig session\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="audio"; filename="big.wav"\r\nContent-Type: audio/wav\r\n\r\n`,
  );
  return Readable.from(
    (function* () {
      yield head;
      yield wavHeader(dataBytes, SAMPLE_RATE);
      while (sent < dataBytes) {
        const n = Math.min(chunk.length, dataBytes - sent);
        sent += n;
        yield n === chunk.length ? chunk : chunk.subarray(0, n);
      }
      yield Buffer.from(`\r\n--${boundary}--\r\n`);
    })(),
  );
}

it('streams a 400 MB upload to storage while server memory stays flat', async () => {
  const token = await client.fetchCsrfToken();
  const boundary = 'journal-memory-test';
  global.gc?.();
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);

  const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/tracks',
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          cookie: `${SESSION_COOKIE}=${client.cookies.get(SESSION_COOKIE)}`,
          'x-csrf-token': token,
        },
      },
      (res) => {
        let text = '';
        res.on('data', (d) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    multipartBody(boundary).pipe(req);
  });
  clearInterval(sampler);

  expect(status, body).toBe(201);
  const track = JSON.parse(body);
  expect(track.size).toBe(FILE_BYTES);
  expect(track.duration).toBeCloseTo((FILE_BYTES - 44) / (SAMPLE_RATE * 2), 0);
  // The whole file would be 400 MB; the test client and server share this process, so allow
  // generous headroom for buffers in flight while staying far below the file's size.
  expect(peak - baseline).toBeLessThan(120 * 1024 * 1024);

  // Streaming it back out is also bounded: read a range from the middle.
  const middle = await client.get(`/api/tracks/${track.id}/stream`, { range: 'bytes=200000000-200000099' });
  expect(middle.statusCode).toBe(206);
  expect(middle.rawPayload.length).toBe(100);
}, 120_000);
