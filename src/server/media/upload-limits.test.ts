import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestClient } from '../../test/build-test-app';
import { chunk, filePartHead, multipartHead, RawHttpRequest, type RawResponse } from '../../test/raw-http';
import { SESSION_COOKIE } from '../plugins/session';

// Uploads over real HTTP: what matters here is when the server answers and whether it keeps
// reading, which app.inject (a complete body in memory) cannot show.

const LIMIT = 1024 * 1024;
const IDLE_MS = 400;
let t: TestApp;
let alice: TestClient & { userId: string };
let port: number;
let auth: { cookie: string; csrfToken: string };

beforeAll(async () => {
  t = await buildTestApp({ config: { maxUploadBytes: LIMIT, uploadIdleTimeoutMs: IDLE_MS } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
  alice = await t.signedInClient();
  auth = {
    cookie: `${SESSION_COOKIE}=${alice.cookies.get(SESSION_COOKIE)}`,
    csrfToken: await alice.fetchCsrfToken(),
  };
});
afterAll(async () => t.close());

const tempFiles = () => {
  try {
    return readdirSync(path.join(t.dataDir, 'tmp'));
  } catch {
    return [];
  }
};
const storedFiles = () => {
  try {
    return readdirSync(path.join(t.dataDir, 'files'), { recursive: true });
  } catch {
    return [];
  }
};

/** The response, or 'no answer' if none came within ms. */
const within = (request: RawHttpRequest, ms: number) =>
  Promise.race<RawResponse | 'no answer'>([
    request.response,
    new Promise((resolve) => setTimeout(() => resolve('no answer'), ms)),
  ]);

async function trackCount() {
  return (await alice.get('/api/tracks')).json<unknown[]>().length;
}

describe('an upload larger than the limit', () => {
  it('is refused with 413 before its body is sent when Content-Length says it is too large', async () => {
    const boundary = 'too-large';
    const request = new RawHttpRequest(
      port,
      multipartHead({ path: '/api/tracks', boundary, ...auth, length: 3 * 1024 ** 3 }),
    );
    const res = await within(request, 3000);
    // Not one byte of the 3 GiB body was sent, and the answer is already here.
    expect(request.bytesSent).toBe(0);
    expect(res).not.toBe('no answer');
    const { status, headers, body } = res as RawResponse;
    expect(status).toBe(413);
    expect(JSON.parse(body).message).toBe('File is too large: the limit is 1 MiB');
    expect(headers.connection).toBe('close');
    await request.closed;
    expect(tempFiles()).toEqual([]);
  });

  it('is answered 413 and cut off as soon as a chunked body passes the limit, not read to the end', async () => {
    const boundary = 'chunked-too-large';
    const request = new RawHttpRequest(
      port,
      multipartHead({ path: '/api/tracks', boundary, ...auth, length: 'chunked' }),
    );
    const total = 256 * 1024 * 1024;
    const piece = Buffer.alloc(64 * 1024, 1);
    let answeredAfter: number | undefined;
    request.response.then(
      () => (answeredAfter ??= request.bytesSent),
      () => {},
    );
    await request.write(chunk(filePartHead(boundary, 'audio', 'huge.wav', 'audio/wav')));
    while (request.bytesSent < total && (await request.write(chunk(piece)))) {
      // keep sending, as a client that does not look at the answer would
    }
    const res = await within(request, 3000);
    expect(res).not.toBe('no answer');
    expect((res as RawResponse).status).toBe(413);
    expect((res as RawResponse).headers.connection).toBe('close');
    await request.closed;
    // The server stopped reading: the client could not push the 256 MiB through. What it did
    // send is the limit plus what socket buffers hold.
    expect(request.bytesSent).toBeLessThan(64 * 1024 * 1024);
    expect(answeredAfter).toBeLessThan(64 * 1024 * 1024);
    expect(tempFiles()).toEqual([]);
    expect(storedFiles()).toEqual([]);
    expect(await trackCount()).toBe(0);
  });
});

describe('a client that goes quiet in the middle of an upload', () => {
  it(`is cut off with 408 after ${IDLE_MS} ms of silence and its temp file is removed`, async () => {
    const boundary = 'stalled';
    const request = new RawHttpRequest(
      port,
      multipartHead({ path: '/api/tracks', boundary, ...auth, length: 200_000 }),
    );
    await request.write(filePartHead(boundary, 'audio', 'slow.wav', 'audio/wav'));
    await request.write(Buffer.alloc(20_000, 1));
    // The upload is under way: its temp file exists.
    for (let i = 0; i < 20 && tempFiles().length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(tempFiles()).toHaveLength(1);

    const res = await within(request, IDLE_MS + 3000);
    expect(res).not.toBe('no answer');
    const { status, headers, body } = res as RawResponse;
    expect(status).toBe(408);
    expect(JSON.parse(body).message).toBe('The upload stopped: nothing arrived for 0.4 seconds');
    expect(headers.connection).toBe('close');
    await request.closed;
    expect(tempFiles()).toEqual([]);
    expect(await trackCount()).toBe(0);
  });

  it('is not cut off while it keeps sending, however slowly', async () => {
    const boundary = 'slow-but-steady';
    const { makeWav } = await import('../../test/media-fixtures');
    const wav = makeWav(1);
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const head = filePartHead(boundary, 'audio', 'steady.wav', 'audio/wav');
    const request = new RawHttpRequest(
      port,
      multipartHead({
        path: '/api/tracks',
        boundary,
        ...auth,
        length: head.length + wav.length + tail.length,
      }),
    );
    await request.write(head);
    // Five pieces, each after most of the idle timeout: longer in all than the timeout.
    const step = Math.ceil(wav.length / 5);
    for (let offset = 0; offset < wav.length; offset += step) {
      await new Promise((r) => setTimeout(r, IDLE_MS * 0.6));
      await request.write(wav.subarray(offset, offset + step));
    }
    await request.write(tail);
    const res = await within(request, 5000);
    expect((res as RawResponse).status).toBe(201);
    request.destroy();
  });
});
