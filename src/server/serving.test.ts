import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../test/build-test-app';
import { createTestDatabase } from '../test/test-database';
import { buildApp } from './app';
import type { DatabaseHandle } from './db/client';

let app: FastifyInstance;
let database: DatabaseHandle;

beforeAll(async () => {
  const clientDir = mkdtempSync(path.join(tmpdir(), 'journal-client-'));
  mkdirSync(path.join(clientDir, 'assets'));
  writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(path.join(clientDir, 'assets', 'index-abc123.js'), 'console.log(1)');
  database = await createTestDatabase();
  app = await buildApp({ config: testConfig(), db: database.db, clientDir, logger: false });
});
afterAll(async () => {
  await app.close();
  await database.close();
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
