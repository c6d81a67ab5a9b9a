import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../../test/build-test-app';
import { createTestDatabase } from '../../../test/test-database';
import { buildApp } from '../../app';
import type { DatabaseHandle } from '../../db/client';
import { RoutePreloads, screensFor } from './route-preloads';

/** A manifest as Vite writes it: the entry's imports are preloaded by the built page already. */
const MANIFEST = {
  'index.html': { file: 'assets/index-1.js', imports: ['_react.js'] },
  '_react.js': { file: 'assets/react-1.js' },
  '_card.js': { file: 'assets/card-1.js', imports: ['index.html', '_react.js', '_icon.js'] },
  '_icon.js': { file: 'assets/icon-1.js' },
  'features/tracks/shared-track-page.tsx': { file: 'assets/track-page-1.js', imports: ['_card.js'] },
  'features/users/public-frame.tsx': { file: 'assets/frame-1.js', imports: ['_icon.js'] },
  'features/shell/app-shell.tsx': { file: 'assets/shell-1.js', imports: ['index.html'] },
  'features/tracks/journal-page.tsx': { file: 'assets/journal-1.js', imports: ['_card.js'] },
  'features/auth/landing-page.tsx': { file: 'assets/landing-1.js', css: ['assets/landing-1.css'] },
};
const INDEX_HTML = '<!doctype html><html><head><title>Journal</title></head><body></body></html>';

let clientDir: string;
let app: FastifyInstance;
let database: DatabaseHandle;

beforeAll(async () => {
  clientDir = mkdtempSync(path.join(tmpdir(), 'journal-client-'));
  mkdirSync(path.join(clientDir, '.vite'));
  writeFileSync(path.join(clientDir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  writeFileSync(path.join(clientDir, 'index.html'), INDEX_HTML);
  database = await createTestDatabase();
  app = await buildApp({ config: testConfig(), db: database.db, clientDir, logger: false });
});
afterAll(async () => {
  await app.close();
  await database.close();
  rmSync(clientDir, { recursive: true, force: true });
});

const hrefs = (html: string) =>
  [...html.matchAll(/rel="modulepreload" crossorigin href="([^"]+)"/g)].map((m) => m[1]);

describe('route preloads (decision 0375)', () => {
  it('names the screens of the track page, the journal and the landing page', () => {
    expect(screensFor('/track/12', false)).toContain('features/tracks/shared-track-page.tsx');
    expect(screensFor('/', true)).toContain('features/tracks/journal-page.tsx');
    expect(screensFor('/', false)).toEqual(['features/auth/landing-page.tsx']);
    expect(screensFor('/track/abc', false)).toEqual([]);
    expect(screensFor('/equipment', true)).toEqual([]);
  });

  it("preloads a screen's chunks once each, leaving out what the entry imports", () => {
    const tags = new RoutePreloads(clientDir).tags('/track/3', false);
    expect(hrefs(tags)).toEqual([
      '/assets/track-page-1.js',
      '/assets/card-1.js',
      '/assets/icon-1.js',
      '/assets/frame-1.js',
    ]);
    expect(new RoutePreloads(clientDir).tags('/', false)).toContain(
      '<link rel="preload" as="style" crossorigin href="/assets/landing-1.css">',
    );
  });

  it('gives no tags without a manifest', () => {
    expect(new RoutePreloads(undefined).tags('/', true)).toBe('');
    expect(new RoutePreloads(path.join(clientDir, 'missing')).tags('/', true)).toBe('');
  });

  it('serves / with the journal chunks to a session cookie, the landing chunk without, compressed', async () => {
    const signedIn = await app.inject({
      url: '/',
      headers: { 'accept-encoding': 'gzip, deflate, br', cookie: 'journal.sid=whatever' },
    });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers['content-encoding']).toBe('br');
    expect(signedIn.headers.vary).toMatch(/accept-encoding/i);
    expect(signedIn.headers['cache-control']).toBe('no-cache');
    const html = brotliDecompressSync(signedIn.rawPayload).toString();
    expect(hrefs(html)).toEqual([
      '/assets/shell-1.js',
      '/assets/journal-1.js',
      '/assets/card-1.js',
      '/assets/icon-1.js',
    ]);
    expect(html.indexOf('modulepreload')).toBeLessThan(html.indexOf('</head>'));

    const signedOut = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(signedOut.headers['content-encoding']).toBe('gzip');
    expect(hrefs(gunzipSync(signedOut.rawPayload).toString())).toEqual(['/assets/landing-1.js']);

    const plain = await app.inject({ url: '/', headers: { 'accept-encoding': 'br;q=0, identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(hrefs(plain.body)).toEqual(['/assets/landing-1.js']);
  });

  it('adds them to a page with a preview (an unknown track: the site page, 200) and leaves others alone', async () => {
    const track = await app.inject({ url: '/track/999', headers: { 'accept-encoding': 'br' } });
    expect(track.statusCode).toBe(200);
    const html = brotliDecompressSync(track.rawPayload).toString();
    expect(hrefs(html)).toContain('/assets/track-page-1.js');
    expect(html).toContain('<meta property="og:site_name"');

    const other = await app.inject({ url: '/equipment' });
    expect(other.body).toBe(INDEX_HTML);
  });
});
