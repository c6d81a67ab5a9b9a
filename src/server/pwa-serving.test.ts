import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../test/build-test-app';
import { createTestDatabase } from '../test/test-database';
import { buildApp } from './app';
import type { DatabaseHandle } from './db/client';

/**
 * The installable app's files as the server sends them (issue 25, decision 0355): the service
 * worker must be revalidated on every update check, or a deploy could stay unseen; the manifest
 * needs its own content type; the CSP must let both load. A client folder laid out as the build
 * leaves it (the committed manifest and an icon, a worker in place of the built one).
 */

let app: FastifyInstance;
let database: DatabaseHandle;

const root = path.resolve(import.meta.dirname, '../..');
const publicDir = path.join(root, 'src/client/public');

beforeAll(async () => {
  const clientDir = mkdtempSync(path.join(tmpdir(), 'journal-pwa-'));
  mkdirSync(path.join(clientDir, 'icons'));
  writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(path.join(clientDir, 'sw.js'), 'self.__WB_MANIFEST;');
  for (const file of ['manifest.webmanifest', 'icons/icon-192.png']) {
    writeFileSync(path.join(clientDir, file), readFileSync(path.join(publicDir, file)));
  }
  database = await createTestDatabase();
  app = await buildApp({ config: testConfig(), db: database.db, clientDir, logger: false });
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('the installable app (issue 25)', () => {
  it('sends the service worker as JavaScript, revalidated on every check, at the root scope', async () => {
    const res = await app.inject({ method: 'GET', url: '/sw.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(res.headers['cache-control']).toBe('no-cache');
    // Served at / it controls / without Service-Worker-Allowed.
    expect(res.headers['service-worker-allowed']).toBeUndefined();
    expect(res.body).toBe('self.__WB_MANIFEST;');
  });

  it('sends the manifest as application/manifest+json, not cached for long', async () => {
    const res = await app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(res.headers['cache-control']).toBe('no-cache');
    const manifest = res.json();
    expect(manifest).toMatchObject({
      id: '/',
      name: 'Journal',
      short_name: 'Journal',
      start_url: '/',
      scope: '/',
      display: 'standalone',
    });
    expect(manifest.shortcuts.map((s: { url: string }) => s.url)).toEqual(['/', '/search']);
  });

  it('serves every icon the manifest names, as PNG', async () => {
    const res = await app.inject({ method: 'GET', url: '/icons/icon-192.png' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    const manifest = JSON.parse(readFileSync(path.join(publicDir, 'manifest.webmanifest'), 'utf8'));
    const named = [
      ...manifest.icons,
      ...manifest.shortcuts.flatMap((s: { icons: unknown[] }) => s.icons),
    ] as { src: string; sizes: string }[];
    for (const icon of named) {
      const png = readFileSync(path.join(publicDir, icon.src));
      // PNG signature, then the IHDR width and height match the declared size.
      expect(png.subarray(1, 4).toString(), icon.src).toBe('PNG');
      expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`, icon.src).toBe(icon.sizes);
    }
  });

  it('lets pages load the worker and the manifest from their own origin (CSP)', async () => {
    const res = await app.inject({ method: 'GET', url: '/' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
  });
});
