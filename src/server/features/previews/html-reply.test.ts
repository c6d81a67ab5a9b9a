import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../../test/build-test-app';
import { createTestDatabase } from '../../../test/test-database';
import { buildApp } from '../../app';
import type { DatabaseHandle } from '../../db/client';

/** Big enough that compressing it is worth it, as the built page is. */
const INDEX_HTML = `<!doctype html><html><head><title>Journal</title>${'<link rel="modulepreload" href="/assets/x.js">'.repeat(40)}</head><body><div id="root"></div></body></html>`;

let clientDir: string;
let app: FastifyInstance;
let database: DatabaseHandle;

beforeAll(async () => {
  clientDir = mkdtempSync(path.join(tmpdir(), 'journal-client-'));
  writeFileSync(path.join(clientDir, 'index.html'), INDEX_HTML);
  database = await createTestDatabase();
  app = await buildApp({ config: testConfig(), db: database.db, clientDir, logger: false });
});
afterAll(async () => {
  await app.close();
  await database.close();
  rmSync(clientDir, { recursive: true, force: true });
});

describe('pages with a preview go out compressed (decision 0375)', () => {
  // An unknown track: the site's own tags, status 200; the same path a public track's page takes.
  const get = (acceptEncoding?: string) =>
    app.inject({ url: '/track/999', headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it('brotli when accepted, varying by encoding, still not cached', async () => {
    const res = await get('gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('no-cache');
    const html = brotliDecompressSync(res.rawPayload).toString();
    expect(html).toContain('<meta property="og:site_name"');
    expect(res.rawPayload.length).toBeLessThan(html.length / 2);
  });

  it('gzip when only gzip is accepted, plain when neither (or brotli with q=0)', async () => {
    const gzip = await get('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toContain('<div id="root">');
    for (const none of [undefined, 'identity', 'br;q=0']) {
      const res = await get(none);
      expect(res.headers['content-encoding'], none).toBeUndefined();
      expect(res.body).toContain('<div id="root">');
    }
  });
});
