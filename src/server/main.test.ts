import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeWav } from '../test/media-fixtures';
import {
  dataDirFrom,
  freePort,
  migratedDataTemplate,
  type ServerProcess,
  START_DEADLINE_MS,
  signInAsDemo,
  startServerProcess,
  waitForHealth,
} from '../test/server-process';

/** Fastify's log line for the upload taken in (before its hooks run, after the closing check). */
const UPLOAD_TAKEN_IN = /"method":"POST","url":"\/api\/tracks".*"msg":"incoming request"/;

/** A test's deadline: two starts at most, each within START_DEADLINE_MS, and what it does between. */
const STARTS_TIMEOUT_MS = 2 * START_DEADLINE_MS;

/** A multipart body carrying `data` as the file in `field`. */
function multipart(boundary: string, field: string, filename: string, type: string, data: Buffer) {
  return Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
}

/** An upload's request to the server on `port`, as a signed-in browser sends it, its body to come. */
function uploadTo(
  port: number,
  boundary: string,
  length: number,
  session: { cookie: string; token: string },
) {
  return {
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/api/tracks',
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': length,
      cookie: session.cookie,
      'x-csrf-token': session.token,
    },
  };
}

/** A stand-in OpenTelemetry collector keeping every OTLP/HTTP export it is sent. */
async function startTraceCollector() {
  const received: { path: string; body: string }[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      received.push({ path: req.url ?? '', body });
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let running: ServerProcess | undefined;
afterEach(() => {
  running?.child.kill('SIGKILL');
  running = undefined;
});

describe('main: start-up and shutdown of the real process', () => {
  // The shutdown tests start from a migrated copy: their subject is the shutdown, and the first
  // start on a new folder is the second test's.
  let template: string;
  beforeAll(async () => {
    template = await migratedDataTemplate();
  }, STARTS_TIMEOUT_MS);

  it('refuses to start on bad configuration, naming the bad value', async () => {
    running = startServerProcess(0, { PORT: 'abc' });
    expect(await running.exited).toBe(1);
    expect(running.output()).toContain('PORT (got "abc"): must be a whole number');
  });

  it(
    'starts on embedded PGlite with no other service, keeps data and secret across a graceful restart',
    async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'journal-data-'));
      const port = await freePort();
      running = startServerProcess(port, { DATA_DIR: dataDir });
      await waitForHealth(running);
      expect(existsSync(path.join(dataDir, 'pglite'))).toBe(true);
      const secret = readFileSync(path.join(dataDir, 'session-secret'), 'utf8');
      expect(secret.length).toBeGreaterThanOrEqual(32);

      // Sign in as the demo user so there is a session row to outlive the restart.
      const { cookie: session, id: demoId } = await signInAsDemo(running.baseUrl);

      running.child.kill('SIGTERM');
      expect(await running.exited).toBe(0);
      expect(running.output()).toContain('Shutting down');

      expect(running.output()).toContain('tracing off');

      // The second start traces (decision 0440): main.ts starts the SDK before it builds the app, so
      // the real process's requests reach the collector, flushed by the graceful shutdown.
      const collector = await startTraceCollector();
      try {
        running = startServerProcess(port, { DATA_DIR: dataDir, OTEL_EXPORTER_OTLP_ENDPOINT: collector.url });
        await waitForHealth(running);
        expect(running.output()).toContain('tracing on');
        expect(readFileSync(path.join(dataDir, 'session-secret'), 'utf8')).toBe(secret);
        const me = await fetch(`http://127.0.0.1:${port}/api/auth/user`, { headers: { cookie: session } });
        expect(me.status).toBe(200);
        expect(await me.json()).toMatchObject({ id: demoId, claims: { isDemo: true } });
        running.child.kill('SIGTERM');
        expect(await running.exited).toBe(0);
        const sent = collector.received.filter((e) => e.path === '/v1/traces').map((e) => e.body);
        expect(sent.join('\n')).toContain('/api/auth/user');
      } finally {
        await collector.close();
      }
    },
    STARTS_TIMEOUT_MS,
  );

  it(
    'on SIGTERM lets an upload in flight finish, then exits cleanly',
    async () => {
      const port = await freePort();
      running = startServerProcess(port, { DATA_DIR: dataDirFrom(template) });
      await waitForHealth(running);
      const { cookie, token } = await signInAsDemo(running.baseUrl);

      const boundary = 'shutdown-test';
      const head = Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="audio"; filename="late.wav"\r\nContent-Type: audio/wav\r\n\r\n`,
      );
      const wav = makeWav(2);
      const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
      const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = httpRequest(
          uploadTo(port, boundary, head.length + wav.length + tail.length, { cookie, token }),
          (res) => {
            let body = '';
            res.on('data', (d) => (body += d));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
          },
        );
        req.on('error', reject);
        // Half the body now; SIGTERM arrives while the server is still reading it: once it has taken
        // the request in (logged it). A fixed 300 ms was not enough on a loaded machine: the request
        // arrived after the shutdown had begun and was refused with a 503, as a new one should be.
        req.write(head);
        req.write(wav.subarray(0, wav.length / 2));
        const server = running!;
        vi.waitFor(() => expect(server.output()).toMatch(UPLOAD_TAKEN_IN), {
          timeout: 60_000,
          interval: 50,
        }).then(() => {
          server.child.kill('SIGTERM');
          setTimeout(() => {
            req.write(wav.subarray(wav.length / 2));
            req.end(tail);
          }, 500);
        }, reject);
      });

      const { status, body } = await response;
      expect(status, body).toBe(201);
      expect(JSON.parse(body)).toMatchObject({ filename: 'late.wav', mimeType: 'audio/wav' });
      expect(await running.exited).toBe(0);
    },
    STARTS_TIMEOUT_MS,
  );

  it(
    'on SIGTERM does not wait forever for a stalled upload: it exits by the shutdown deadline',
    async () => {
      const port = await freePort();
      running = startServerProcess(port, {
        DATA_DIR: dataDirFrom(template),
        SHUTDOWN_TIMEOUT_MS: '1500',
        UPLOAD_IDLE_TIMEOUT_MS: '600000',
      });
      await waitForHealth(running);
      const { cookie, token } = await signInAsDemo(running.baseUrl);
      const boundary = 'stalled-at-shutdown';
      const body = multipart(boundary, 'audio', 'stalled.wav', 'audio/wav', makeWav(2));
      const req = httpRequest(uploadTo(port, boundary, body.length, { cookie, token }));
      req.on('error', () => {});
      // Half the body, then silence: the client never sends the rest.
      req.write(body.subarray(0, body.length / 2));
      await new Promise((r) => setTimeout(r, 300));

      const signalledAt = Date.now();
      running.child.kill('SIGTERM');
      const exit = await Promise.race([
        running.exited,
        new Promise<'still running'>((r) => setTimeout(() => r('still running'), 8000)),
      ]);
      expect(exit).not.toBe('still running');
      expect(Date.now() - signalledAt).toBeGreaterThanOrEqual(1400);
      expect(running.output()).toContain('Shutdown deadline passed');
      req.destroy();
    },
    STARTS_TIMEOUT_MS,
  );

  it(
    'a failing write of the upload temp file (file-size limit: EFBIG) is a logged 500, not 400',
    async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'journal-data-'));
      const port = await freePort();
      // 2048 blocks: 1 MiB under sh's 512-byte blocks, 2 MiB under 1 KiB ones; Node ignores SIGXFSZ,
      // so a write past it fails with EFBIG. The database lives in memory, untouched by the limit.
      // No media workers: the demo account's sample tracks would otherwise be processed meanwhile, and
      // their working files in tmp are not the upload's.
      running = startServerProcess(
        port,
        { DATA_DIR: dataDir, DATABASE_URL: 'memory:', MEDIA_WORKERS: '0' },
        { fileSizeLimitBlocks: 2048 },
      );
      await waitForHealth(running);
      const { cookie, token } = await signInAsDemo(running.baseUrl);
      const big = Buffer.alloc(4 * 1024 * 1024, 7);
      for (const [path_, field, type] of [
        ['/api/tracks', 'audio', 'audio/wav'],
        ['/api/user/avatar', 'avatar', 'image/png'],
      ] as const) {
        const boundary = 'file-size-limit';
        const res = await fetch(`http://127.0.0.1:${port}${path_}`, {
          method: 'POST',
          headers: {
            'content-type': `multipart/form-data; boundary=${boundary}`,
            cookie,
            'x-csrf-token': token,
          },
          body: multipart(boundary, field, 'big.bin', type, big),
        });
        expect(res.status, `${path_}: ${await res.clone().text()}`).toBe(500);
        expect(await res.json()).toMatchObject({ message: 'Something went wrong' });
      }
      const server = running;
      const failures = () =>
        server
          .output()
          .split('\n')
          .filter((line) => line.includes('"Request failed"') && line.includes('EFBIG'));
      // The log line is written before the answer, but reaches us through a pipe: it may lag a little.
      await vi.waitFor(() => expect(failures()).toHaveLength(2), { timeout: 5_000 });
      expect(readdirSync(path.join(dataDir, 'tmp'))).toEqual([]);
    },
    STARTS_TIMEOUT_MS,
  );
});
