import { existsSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wrkLoop } from '../../bench/lib/wrk.mjs';

// npm run bench's wrk loops (decision 0485): each step of a write-then-read loop timed apart, in
// fractions of a millisecond, with the session's cookie and CSRF header on the writes.
const wrk = ['/usr/bin/wrk', '/usr/local/bin/wrk'].find(existsSync);
if (!wrk) console.warn("wrk is not installed: the bench harness's wrk loops were NOT tested");

describe.skipIf(!wrk)("the bench's wrk loops (bench/lua/loop.lua)", () => {
  const patches: { url: string; csrf: unknown; cookie: unknown; type: unknown; body: string }[] = [];
  const gets: string[] = [];
  /** Each GET's Accept-Encoding, as sent (undefined: none). */
  const encodings: (string | undefined)[] = [];
  let baseUrl = '';
  // PATCH answers after 8 ms, a GET of /slow after 3 ms, anything else at once (/missing: 404).
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      if (req.method === 'PATCH') {
        const { 'x-csrf-token': csrf, cookie, 'content-type': type } = req.headers;
        patches.push({ url: req.url!, csrf, cookie, type, body });
      } else {
        gets.push(req.url!);
        encodings.push(req.headers['accept-encoding']);
      }
      const delay = req.method === 'PATCH' ? 8 : req.url === '/slow' ? 3 : 0;
      res.statusCode = req.url === '/missing' ? 404 : 200;
      setTimeout(() => res.end('{}'), delay);
    });
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('times the PATCH and the GET of each loop apart, each connection editing tracks of its own', async () => {
    const session = { cookie: 'journal.sid=abc', token: 'csrf-123' };
    const ids = Array.from({ length: 40 }, (_, i) => i + 1);
    const figures = await wrkLoop({
      baseUrl,
      paths: ['/slow'],
      steps: ['patch', 'get'],
      ids,
      session,
      connections: 2,
      seconds: 1,
    });
    expect(figures.bad).toBe(0);
    const { patch, get } = figures.steps;
    expect(patch!.p50).toBeGreaterThanOrEqual(8);
    expect(get!.p50).toBeGreaterThanOrEqual(3);
    expect(get!.p50).toBeLessThan(8);
    // The row's p50/p99 are the last step's: the GET after the change.
    expect(figures.p50).toBe(get!.p50);
    expect(patches.length).toBeGreaterThan(20);
    for (const p of patches.slice(0, 20)) {
      expect(p).toMatchObject({ csrf: 'csrf-123', cookie: 'journal.sid=abc', type: 'application/json' });
      expect(JSON.parse(p.body).notes).toMatch(/^Bench edit /);
      expect(p.url).toMatch(/^\/api\/tracks\/\d+$/);
    }
    // Every PATCH a real change (its own notes), and the tracks taken in turn across connections.
    expect(new Set(patches.map((p) => p.body)).size).toBe(patches.length);
    expect(new Set(patches.slice(0, 20).map((p) => p.url)).size).toBeGreaterThanOrEqual(19);
    expect(gets.every((url) => url === '/slow')).toBe(true);
  });

  it("sends a browser's Accept-Encoding on the GETs when asked, and none by default", async () => {
    encodings.length = 0;
    await wrkLoop({ baseUrl, paths: ['/fast'], connections: 1, seconds: 1 });
    expect(encodings.length).toBeGreaterThan(0);
    expect(encodings.every((e) => e === undefined)).toBe(true);
    encodings.length = 0;
    await wrkLoop({
      baseUrl,
      paths: ['/fast'],
      connections: 1,
      seconds: 1,
      acceptEncoding: 'gzip, deflate, br',
    });
    expect(encodings.length).toBeGreaterThan(0);
    expect(encodings.every((e) => e === 'gzip, deflate, br')).toBe(true);
  });

  it('reports an instant answer in fractions of a millisecond, not 0', async () => {
    const figures = await wrkLoop({ baseUrl, paths: ['/fast'], connections: 1, seconds: 1 });
    expect(figures.bad).toBe(0);
    expect(figures.p50).toBeGreaterThan(0);
    // Under the 3 ms of /slow however loaded the machine is, and timed to the microsecond.
    expect(figures.p50).toBeLessThan(3);
    const { p50, p90, p99 } = figures.steps.get!;
    expect([p50, p90, p99].some((v) => !Number.isInteger(v))).toBe(true);
    expect(p99).toBeGreaterThanOrEqual(p50);
    expect(figures.requests).toBeGreaterThan(100);
  });

  it('counts error answers as bad (the harness then refuses the run), and wants ids to patch', async () => {
    const figures = await wrkLoop({ baseUrl, paths: ['/missing'], connections: 1, seconds: 1 });
    expect(figures.requests).toBeGreaterThan(0);
    expect(figures.bad).toBe(figures.requests);
    await expect(
      wrkLoop({ baseUrl, paths: ['/slow'], steps: ['patch', 'get'], connections: 1, seconds: 1 }),
    ).rejects.toThrow(/track ids/);
  });
});
