import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_PAINT_ATTRIBUTE, LANDING_PAGE_FILE, SESSION_USER_ELEMENT_ID } from '../shared/constants';
import { buildTestApp, type TestApp } from '../test/build-test-app';

/**
 * The landing already drawn (decision 0930): the build writes landing.html beside index.html, and a
 * visitor of `/` without a session gets it, so the page shows before any script has run. Anyone
 * signed in, and every other address, gets the app's page as before.
 */
const INDEX_HTML =
  '<!doctype html><html><head><title>Journal</title></head><body><div id="root"></div></body></html>';
const LANDING_HTML = INDEX_HTML.replace(
  '<div id="root"></div>',
  `<div id="root" ${FIRST_PAINT_ATTRIBUTE}="landing"><h1>Journal</h1></div>`,
);

let t: TestApp;
let clientDir: string;
let olderBuild: TestApp;
let olderBuildDir: string;

beforeAll(async () => {
  clientDir = mkdtempSync(path.join(tmpdir(), 'journal-landing-'));
  writeFileSync(path.join(clientDir, 'index.html'), INDEX_HTML);
  writeFileSync(path.join(clientDir, LANDING_PAGE_FILE), LANDING_HTML);
  writeFileSync(path.join(clientDir, `${LANDING_PAGE_FILE}.br`), brotliCompressSync(LANDING_HTML));
  t = await buildTestApp({ clientDir });
  olderBuildDir = mkdtempSync(path.join(tmpdir(), 'journal-landing-older-'));
  writeFileSync(path.join(olderBuildDir, 'index.html'), INDEX_HTML);
  olderBuild = await buildTestApp({ clientDir: olderBuildDir });
});
afterAll(async () => {
  await t.close();
  await olderBuild.close();
  rmSync(clientDir, { recursive: true, force: true });
  rmSync(olderBuildDir, { recursive: true, force: true });
});

describe('the landing already drawn (decision 0930)', () => {
  it('sends a visitor of / without a session the drawn landing, revalidated each time', async () => {
    for (const url of ['/', '/?from=somewhere']) {
      const res = await t.client().get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toBe(LANDING_HTML);
    }
  });

  it('sends the build’s compressed copy where the browser takes it', async () => {
    const res = await t.client().get('/', { 'accept-encoding': 'br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(LANDING_HTML);
  });

  it('sends every other address the app’s page, signed out as well', async () => {
    for (const url of ['/playlists', '/search?q=x', '/track/12', '/no/such/page']) {
      const res = await t.client().get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="root"></div>');
      expect(res.body, url).not.toContain(FIRST_PAINT_ATTRIBUTE);
    }
  });

  it('never sends the drawn landing to someone signed in, and sends it again once they sign out', async () => {
    const person = await t.signedInClient();
    const signedIn = await person.get('/');
    expect(signedIn.body).not.toContain(FIRST_PAINT_ATTRIBUTE);
    expect(signedIn.body).toContain(`id="${SESSION_USER_ELEMENT_ID}"`);
    expect((await person.post('/api/auth/logout')).statusCode).toBe(200);
    expect((await person.get('/')).body).toBe(LANDING_HTML);
  });

  it('is no address of its own', async () => {
    const res = await t.client().get(`/${LANDING_PAGE_FILE}`);
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).not.toContain(FIRST_PAINT_ATTRIBUTE);
  });

  it('sends index.html at / from a build that has no drawn landing', async () => {
    const res = await olderBuild.client().get('/');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(INDEX_HTML);
  });
});
