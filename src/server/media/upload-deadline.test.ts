import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestClient } from '../../test/build-test-app';
import { makeWav } from '../../test/media-fixtures';
import { filePartHead, multipartHead, RawHttpRequest, type RawResponse } from '../../test/raw-http';
import { SESSION_COOKIE } from '../plugins/session';

// Issue 22: a client that sends a byte just before each idle timeout kept an upload open for ever.
// Over real HTTP with small settings: a 1 s grace, then 64 KiB a second on average (decision 0250).

// Long enough that only the rate can cut these uploads off, however loaded the machine.
const IDLE_MS = 5000;
const GRACE_MS = 1000;
const MIN_RATE = 64 * 1024;
const TOO_SLOW = 'The upload was too slow: it must average at least 64 KiB a second';
let t: TestApp;
let alice: TestClient & { userId: string };
let port: number;
let auth: { cookie: string; csrfToken: string };

beforeAll(async () => {
  t = await buildTestApp({
    config: {
      maxUploadBytes: 1024 * 1024,
      uploadIdleTimeoutMs: IDLE_MS,
      uploadMinBytesPerSecond: MIN_RATE,
      uploadRateGraceMs: GRACE_MS,
    },
  });
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
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Writes one byte every `everyMs` (never idle for IDLE_MS) until the server answers or closes. */
async function trickle(request: RawHttpRequest, everyMs: number) {
  let answered = false;
  request.response.then(
    () => (answered = true),
    () => (answered = true),
  );
  while (!answered && (await request.write(Buffer.from('x')))) await sleep(everyMs);
}

async function expectCutOffAsTooSlow(request: RawHttpRequest) {
  const { status, headers, body } = await request.response;
  expect(status).toBe(408);
  expect(JSON.parse(body)).toEqual({ statusCode: 408, error: 'Request Timeout', message: TOO_SLOW });
  expect(headers.connection).toBe('close');
  await request.closed;
  expect(tempFiles()).toEqual([]);
  expect((await alice.get('/api/tracks')).json()).toEqual([]);
  // The upload's slot was given back with it (decision 0251).
  expect(t.app.uploads.slots.count(alice.userId)).toBe(0);
}

describe('a client that trickles its upload, never idle but never getting anywhere', () => {
  it('is cut off with 408 once the grace period is over, and its temp file is removed', async () => {
    const boundary = 'trickle';
    const request = new RawHttpRequest(
      port,
      multipartHead({ path: '/api/tracks', boundary, ...auth, length: 200_000 }),
    );
    const began = performance.now();
    await request.write(filePartHead(boundary, 'audio', 'trickle.wav', 'audio/wav'));
    // A byte every 100 ms: four times within each idle timeout, so only the rate can stop it.
    const trickling = trickle(request, 100);
    // The upload is under way: its temp file exists.
    for (let i = 0; i < 25 && tempFiles().length === 0; i++) await sleep(20);
    expect(tempFiles()).toHaveLength(1);
    await trickling;
    const answeredAfter = performance.now() - began;
    await expectCutOffAsTooSlow(request);
    expect(answeredAfter).toBeGreaterThanOrEqual(GRACE_MS);
    // Today's code answered 408 only after going idle: here, never. Well before a few seconds.
    expect(answeredAfter).toBeLessThan(GRACE_MS + 3000);
  });

  it('gets more time for the bytes it did send: 64 KiB up front buy one more second', async () => {
    const boundary = 'burst-then-trickle';
    const request = new RawHttpRequest(
      port,
      multipartHead({ path: '/api/tracks', boundary, ...auth, length: 500_000 }),
    );
    const began = performance.now();
    await request.write(filePartHead(boundary, 'audio', 'burst.wav', 'audio/wav'));
    await request.write(Buffer.alloc(MIN_RATE, 1));
    await trickle(request, 100);
    const answeredAfter = performance.now() - began;
    await expectCutOffAsTooSlow(request);
    expect(answeredAfter).toBeGreaterThanOrEqual(GRACE_MS + 1000);
  });
});

describe('an upload faster than the minimum', () => {
  it('is received in full even though it takes longer than the grace period', async () => {
    const boundary = 'fast-enough';
    const wav = makeWav(10); // 160 KB at 8 kHz
    const head = filePartHead(boundary, 'audio', 'steady.wav', 'audio/wav');
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
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
    // 32 KB every 250 ms (128 KB a second), for about 1.25 s in all: past the grace, above the rate.
    const began = performance.now();
    for (let offset = 0; offset < wav.length; offset += 32_000) {
      await sleep(250);
      await request.write(wav.subarray(offset, offset + 32_000));
    }
    await request.write(tail);
    const res: RawResponse = await request.response;
    expect(performance.now() - began).toBeGreaterThan(GRACE_MS);
    expect(res.status, res.body).toBe(201);
    expect(JSON.parse(res.body)).toMatchObject({ filename: 'steady.wav', size: wav.length });
    request.destroy();
    expect(t.app.uploads.slots.count(alice.userId)).toBe(0);
  });
});
