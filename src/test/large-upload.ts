import { request as httpRequest } from 'node:http';
import { Readable } from 'node:stream';
import { SESSION_COOKIE } from '../server/plugins/session';
import type { TestClient } from './build-test-app';
import { wavHeader } from './media-fixtures';

/** A multipart body of a valid WAV of `bytes`, generated chunk by chunk (never whole in memory). */
function multipartBody(boundary: string, bytes: number, sampleRate: number): Readable {
  const dataBytes = bytes - 44;
  const chunk = Buffer.alloc(1024 * 1024);
  let sent = 0;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nBig session\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="audio"; filename="big.wav"\r\nContent-Type: audio/wav\r\n\r\n`,
  );
  return Readable.from(
    (function* () {
      yield head;
      yield wavHeader(dataBytes, sampleRate);
      while (sent < dataBytes) {
        const n = Math.min(chunk.length, dataBytes - sent);
        sent += n;
        yield n === chunk.length ? chunk : chunk.subarray(0, n);
      }
      yield Buffer.from(`\r\n--${boundary}--\r\n`);
    })(),
  );
}

/**
 * POSTs a WAV of `bytes` to /api/tracks over real HTTP (the app listening on `port`) and samples
 * this process's RSS meanwhile: the growth over the baseline is what the upload cost in memory.
 */
export async function uploadLargeWav(options: {
  port: number;
  client: TestClient;
  bytes: number;
  sampleRate: number;
}): Promise<{ status: number; body: string; rssGrowth: number }> {
  const token = await options.client.fetchCsrfToken();
  const boundary = 'journal-memory-test';
  global.gc?.();
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  try {
    const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port: options.port,
          method: 'POST',
          path: '/api/tracks',
          headers: {
            'content-type': `multipart/form-data; boundary=${boundary}`,
            cookie: `${SESSION_COOKIE}=${options.client.cookies.get(SESSION_COOKIE)}`,
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
      multipartBody(boundary, options.bytes, options.sampleRate).pipe(req);
    });
    return { status, body, rssGrowth: peak - baseline };
  } finally {
    clearInterval(sampler);
  }
}
