import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { makeWav } from '../../test/media-fixtures';
import { filePartHead, multipartHead, RawHttpRequest } from '../../test/raw-http';
import { SESSION_COOKIE } from '../plugins/session';
import { uploadsPlugin } from '../plugins/uploads';
import { holdTempFile, sweepTempDir } from './temp-files';

const DAY = 24 * 60 * 60 * 1000;
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

function leftover(dir: string, name: string, ageMs = 0): string {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, name);
  writeFileSync(file, 'half an upload');
  const when = new Date(Date.now() - ageMs);
  utimesSync(file, when, when);
  return file;
}

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('the upload temp folder', () => {
  it('is emptied at start-up of what a killed process left behind', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'journal-test-'));
    const tempDir = path.join(dataDir, 'tmp');
    leftover(tempDir, 'upload-killed-mid-way');
    leftover(tempDir, 'variant-killed-mid-way-128', 3 * DAY);
    t = await buildTestApp({ config: { dataDir } });
    expect(readdirSync(tempDir)).toEqual([]);
  });

  it('is swept while running of files older than a day, sparing fresh ones and uploads in progress', async () => {
    const tempDir = path.join(mkdtempSync(path.join(tmpdir(), 'journal-test-')), 'tmp');
    const app = Fastify();
    await app.register(uploadsPlugin, {
      tempDir,
      idleTimeoutMs: 30_000,
      minimumRate: { bytesPerSecond: 8192, graceMs: 30_000 },
      uploadsPerPerson: 4,
      sweepIntervalMs: 50,
    });
    await app.ready();
    const stale = leftover(tempDir, 'upload-stale', 2 * DAY);
    const fresh = leftover(tempDir, 'upload-fresh', 60_000);
    const inUse = leftover(tempDir, 'upload-in-use', 2 * DAY);
    const release = holdTempFile(inUse);
    // The sweep runs every 50 ms; on a loaded machine the first one may take a while.
    await vi.waitFor(() => expect(existsSync(stale)).toBe(false), { timeout: 5_000, interval: 50 });
    await wait(200); // a few more sweeps
    expect(existsSync(fresh)).toBe(true);
    expect(existsSync(inUse)).toBe(true);

    release();
    await app.close();
    // Closed: the timer is gone, nothing is swept any more.
    const later = leftover(tempDir, 'upload-after-close', 2 * DAY);
    await wait(200);
    expect(existsSync(later)).toBe(true);
    rmSync(path.dirname(tempDir), { recursive: true, force: true });
  });

  it('never loses the temp file of an upload in progress, even to a sweep of everything', async () => {
    t = await buildTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as { port: number }).port;
    const alice = await t.signedInClient();
    const boundary = 'in-progress';
    const wav = makeWav(1);
    const head = filePartHead(boundary, 'audio', 'take.wav', 'audio/wav');
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const request = new RawHttpRequest(
      port,
      multipartHead({
        path: '/api/tracks',
        boundary,
        cookie: `${SESSION_COOKIE}=${alice.cookies.get(SESSION_COOKIE)}`,
        csrfToken: await alice.fetchCsrfToken(),
        length: head.length + wav.length + tail.length,
      }),
    );
    await request.write(Buffer.concat([head, wav.subarray(0, 1000)]));
    const tempDir = path.join(t.dataDir, 'tmp');
    for (let i = 0; i < 50 && !existsSync(tempDir); i++) await wait(20);
    await wait(100);
    const [inProgress] = readdirSync(tempDir);
    expect(inProgress).toMatch(/^upload-/);

    expect(await sweepTempDir(tempDir, 0)).toBe(0);
    expect(readdirSync(tempDir)).toEqual([inProgress]);

    await request.write(Buffer.concat([wav.subarray(1000), tail]));
    const res = await request.response;
    expect(res.status, res.body).toBe(201);
    expect(JSON.parse(res.body).size).toBe(wav.length);
    expect(readdirSync(tempDir)).toEqual([]);
    request.destroy();
  });
});
