import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, '1').replace(/\*/g, 'x');

/** The same path as a router may still match it: each first letter percent-encoded, slashes doubled, dot segments, upper case. */
function pathSpellings(url: string): string[] {
  const encodeFirst = (segment: string) =>
    segment ? `%${segment.charCodeAt(0).toString(16).toUpperCase()}${segment.slice(1)}` : segment;
  const segments = url.split('/');
  return [
    segments.map((seg, i) => (i === 1 ? encodeFirst(seg) : seg)).join('/'),
    segments.map(encodeFirst).join('/'),
    `/${url}`,
    url.replace('/api/', '/api//'),
    url.replace('/api/', '/api/./'),
    `/x/..${url}`,
    url.toUpperCase(),
  ];
}

/** The /api routes exempt by decision, each with its reason (the test below lists them exactly). */
const EXEMPT_API_ROUTES = [
  // A share-link player's listen reports (decision 0728): the embed's third-party frame has no session.
  'POST /api/shares/by-token/:token/listens',
];

function mutatingApiRoutes() {
  return t.app.registeredRoutes.filter(
    (r) =>
      MUTATING.has(r.method) &&
      r.url.startsWith('/api/') &&
      !EXEMPT_API_ROUTES.includes(`${r.method} ${r.url}`),
  );
}

describe('CSRF protection', () => {
  it('covers every mutating API route the app registers', () => {
    const routes = mutatingApiRoutes().map((r) => `${r.method} ${r.url}`);
    // The walk below must not pass vacuously.
    expect(routes).toEqual(expect.arrayContaining(['POST /api/auth/logout', 'POST /api/auth/demo-session']));
  });

  it('exempts only the Subsonic API, whose requests carry their own secret (decision 0385), and the listen reports', () => {
    const exempt = t.app.registeredRoutes.filter((r) => r.config?.csrfExempt);
    const urls = [
      '/rest/:method',
      '/rest/download',
      '/rest/download.view',
      '/rest/stream',
      '/rest/stream.view',
    ];
    expect(exempt.map((r) => `${r.method} ${r.url}`).sort()).toEqual(
      [
        ...urls.flatMap((url) => ['GET', 'HEAD', 'POST'].map((method) => `${method} ${url}`)),
        ...EXEMPT_API_ROUTES,
      ].sort(),
    );
  });

  it('a /rest spelling of an /api route is still checked: the exemption is the matched route', async () => {
    const client = await t.signedInClient();
    await client.fetchCsrfToken();
    for (const url of [
      '/rest/../api/playlists',
      '/rest/%2e%2e/api/playlists',
      '/api/playlists?x=/rest/ping',
    ]) {
      const res = await client.request('POST', url, { body: { name: 'Forged' }, csrf: false });
      expect(res.statusCode, url).not.toBeLessThan(400);
      expect(res.statusCode, url).not.toBe(201);
    }
  });

  it('refuses every mutating route without an x-csrf-token header: 403 JSON', async () => {
    const client = await t.signedInClient();
    await client.fetchCsrfToken(); // the session holds a CSRF secret; only the header is missing
    for (const route of mutatingApiRoutes()) {
      const res = await client.request(route.method as 'POST', concrete(route.url), {
        body: {},
        csrf: false,
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(res.json(), `${route.method} ${route.url}`).toMatchObject({
        statusCode: 403,
        error: 'Forbidden',
      });
    }
  });

  it('refuses every mutating route with a wrong token', async () => {
    const client = await t.signedInClient();
    await client.fetchCsrfToken();
    for (const route of mutatingApiRoutes()) {
      const res = await client.request(route.method as 'POST', concrete(route.url), {
        body: {},
        headers: { 'x-csrf-token': 'not-the-token' },
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
    }
  });

  it('refuses every mutating route however its path is spelled (encoded, doubled slashes, dot segments, case)', async () => {
    const client = await t.signedInClient();
    await client.fetchCsrfToken();
    let tried = 0;
    for (const route of mutatingApiRoutes()) {
      for (const url of pathSpellings(concrete(route.url))) {
        const res = await client.request(route.method as 'POST', url, {
          body: { name: 'sneaky' },
          csrf: false,
        });
        expect(res.statusCode, `${route.method} ${url}`).toBe(403);
        tried += 1;
      }
    }
    expect(tried).toBeGreaterThan(mutatingApiRoutes().length * 5);
  });

  it('a percent-encoded path without a token changes nothing (POST /%61pi/playlists)', async () => {
    const client = await t.signedInClient();
    await client.fetchCsrfToken();
    const before = (await client.get('/api/playlists')).json().length;
    const res = await client.request('POST', '/%61pi/playlists', { body: { name: 'Forged' }, csrf: false });
    expect(res.statusCode).toBe(403);
    expect((await client.get('/api/playlists')).json()).toHaveLength(before);
    // With the token, the same spelling reaches the route: the check is not keyed on the spelling.
    const honest = await client.request('POST', '/%61pi/playlists', { body: { name: 'Honest' } });
    expect(honest.statusCode).toBe(201);
  });

  it('checks unsafe methods on every path, not only under /api/, and leaves GET alone', async () => {
    const client = await t.signedInClient();
    await client.fetchCsrfToken();
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      expect((await client.request(method, '/no/such/page', { csrf: false })).statusCode).toBe(403);
    }
    expect((await client.get('/api/playlists')).statusCode).toBe(200);
  });

  it("refuses another session's token", async () => {
    const alice = await t.signedInClient();
    const bob = await t.signedInClient();
    await bob.fetchCsrfToken();
    const res = await bob.request('POST', '/api/auth/logout', {
      headers: { 'x-csrf-token': await alice.fetchCsrfToken() },
    });
    expect(res.statusCode).toBe(403);
  });

  it('accepts the token in the header and nowhere else', async () => {
    const client = await t.signedInClient();
    const token = await client.fetchCsrfToken();
    const inQuery = await client.request('POST', `/api/auth/logout?_csrf=${token}`, { csrf: false });
    expect(inQuery.statusCode).toBe(403);
    const inBody = await client.request('POST', '/api/auth/logout', { body: { _csrf: token }, csrf: false });
    expect(inBody.statusCode).toBe(403);
    const ok = await client.request('POST', '/api/auth/logout', { headers: { 'x-csrf-token': token } });
    expect(ok.statusCode).toBe(200);
  });

  it('GET /api/auth/csrf-token returns { csrfToken }', async () => {
    const res = await t.client().get('/api/auth/csrf-token');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ csrfToken: expect.any(String) });
  });
});
