import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../test/build-test-app';
import { RawHttpRequest } from '../test/raw-http';
import { createTestDatabase } from '../test/test-database';
import { buildApp } from './app';
import type { DatabaseHandle } from './db/client';

let app: FastifyInstance;
let database: DatabaseHandle;
let clientDir: string;

/** A built chunk as vite and the precompress step leave it: the file, its .br and its .gz. */
const chunk = Buffer.from(
  `export const tracks = [${Array.from({ length: 400 }, (_, i) => `"t${i}"`).join(',')}];`,
);

beforeAll(async () => {
  clientDir = mkdtempSync(path.join(tmpdir(), 'journal-client-'));
  mkdirSync(path.join(clientDir, 'assets'));
  writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><div id="root"></div>');
  mkdirSync(path.join(clientDir, 'icons'));
  writeFileSync(path.join(clientDir, 'icons', 'icon-192.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  writeFileSync(path.join(clientDir, 'assets', 'index-abc123.js'), 'console.log(1)');
  writeFileSync(path.join(clientDir, 'assets', 'journal-page-def456.js'), chunk);
  writeFileSync(path.join(clientDir, 'assets', 'journal-page-def456.js.br'), brotliCompressSync(chunk));
  writeFileSync(path.join(clientDir, 'assets', 'journal-page-def456.js.gz'), gzipSync(chunk));
  writeFileSync(
    path.join(clientDir, 'assets', 'journal-page-def456.js.map'),
    '{"version":3,"sources":["secret.tsx"]}',
  );
  database = await createTestDatabase();
  app = await buildApp({ config: testConfig(), db: database.db, clientDir, logger: false });
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('precompressed assets (decision 0058)', () => {
  const get = (acceptEncoding?: string) =>
    app.inject({
      method: 'GET',
      url: '/assets/journal-page-def456.js',
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });

  it('sends the .br when the browser accepts brotli, cached for a year and varying by encoding', async () => {
    const res = await get('gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toContain('javascript');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.rawPayload).equals(chunk)).toBe(true);
  });

  it('sends the .gz when only gzip is accepted', async () => {
    const res = await get('gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(res.rawPayload).equals(chunk)).toBe(true);
  });

  it('sends the file itself when no encoding is accepted', async () => {
    for (const accept of [undefined, 'identity']) {
      const res = await get(accept);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.rawPayload.equals(chunk)).toBe(true);
    }
  });

  it('never serves a source map, and a missing asset is a 404 rather than the page', async () => {
    for (const url of ['/assets/journal-page-def456.js.map', '/assets/gone-000000.js']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('secret.tsx');
      expect(res.headers['content-type'], url).not.toContain('text/html');
    }
  });

  it('serves a built file only at its own spelling: no case alias, no .br or .gz copy, no folder', async () => {
    const icon = await app.inject({ method: 'GET', url: '/icons/icon-192.png' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toBe('image/png');
    const head = await app.inject({ method: 'HEAD', url: '/assets/index-abc123.js' });
    expect(head.statusCode).toBe(200);
    const notAddresses = [
      '/assets/INDEX-abc123.js',
      '/assets/journal-page-def456.js.br',
      '/assets/journal-page-def456.js.gz',
      '/assets/',
      '/assets//index-abc123.js',
    ];
    for (const url of notAddresses) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).not.toContain('javascript');
    }
    // Outside assets/, a wrong spelling is a page of the app (the app says it does not exist).
    for (const url of ['/ICONS/icon-192.png', '/Assets/index-abc123.js']) {
      const page = await app.inject({ method: 'GET', url });
      expect(page.headers['content-type'], url).toContain('text/html');
    }
  });

  it('over a real socket, dot segments and encoded ones reach no file outside the list', async () => {
    // app.inject normalises a URL as a browser would; a client writing its own bytes does not.
    const listening = await buildApp({ config: testConfig(), db: database.db, clientDir, logger: false });
    try {
      await listening.listen({ port: 0, host: '127.0.0.1' });
      const { port } = listening.server.address() as AddressInfo;
      for (const target of [
        '/assets/../assets/journal-page-def456.js.map',
        '/assets/%2e%2e/assets/journal-page-def456.js.map',
        '/assets/..%2fassets/journal-page-def456.js.map',
        '/assets/./index-abc123.js',
      ]) {
        const res = await new RawHttpRequest(
          port,
          `GET ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
        ).response;
        expect(res.status, target).toBeGreaterThanOrEqual(400);
        expect(res.status, target).toBeLessThan(500);
        expect(res.body, target).not.toContain('secret.tsx');
      }
    } finally {
      await listening.close();
    }
  });

  it('a listed file gone from the disk since the start (a build replaced in place) is a 404, not a 500', async () => {
    writeFileSync(path.join(clientDir, 'assets', 'gone-later-777.js'), 'console.log(7)');
    const started = await buildApp({ config: testConfig(), db: database.db, clientDir, logger: false });
    try {
      expect((await started.inject({ method: 'GET', url: '/assets/gone-later-777.js' })).statusCode).toBe(
        200,
      );
      rmSync(path.join(clientDir, 'assets', 'gone-later-777.js'));
      const res = await started.inject({ method: 'GET', url: '/assets/gone-later-777.js' });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('application/json');
    } finally {
      await started.close();
    }
  });

  it('hashed assets do not count against the per-caller limit; pages still do', async () => {
    const limited = await buildApp({
      config: testConfig(),
      db: database.db,
      clientDir,
      logger: false,
      rateLimits: { any: 5 },
    });
    try {
      for (let i = 0; i < 30; i++) {
        const res = await limited.inject({ method: 'GET', url: '/assets/journal-page-def456.js' });
        expect(res.statusCode).toBe(200);
      }
      const pages: number[] = [];
      for (let i = 0; i < 6; i++)
        pages.push((await limited.inject({ method: 'GET', url: '/journal' })).statusCode);
      expect(pages).toEqual([200, 200, 200, 200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('serving the built client', () => {
  it('serves index.html for client routes, not cached', async () => {
    for (const url of ['/', '/playlist/3', '/collective/1/settings', '/join/abc', '/no/such/page']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('serves hashed assets with a year-long immutable cache', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers unknown /api paths with a JSON 404, never the page', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/nope?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'Route GET /api/nope not found',
    });
  });

  it('sends security headers', async () => {
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    // Decision 0244: what no page uses is off, for the page and anything it frames.
    const policy = String(res.headers['permissions-policy']);
    for (const off of ['camera=()', 'microphone=()', 'geolocation=()', 'payment=()', 'usb=()']) {
      expect(policy).toContain(off);
    }
    expect(policy).toContain('autoplay=(self)');
    const api = await app.inject({ method: 'GET', url: '/api/health' });
    expect(api.headers['permissions-policy']).toBe(policy);
  });

  it('reports health with a database round trip', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'up' });
  });

  it('never answers a malformed request with a 500', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/collectives/not-a-number' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    const bad = await app.inject({
      method: 'POST',
      url: '/api/auth/demo-session',
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(bad.statusCode).toBeLessThan(500);
  });
});
