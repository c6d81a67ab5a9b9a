import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { Callers } from '../test/fuzz/callers';
import { type Route, RouteFuzzer } from '../test/fuzz/route-fuzzer';
import { seedWorld } from '../test/fuzz/world';
import { type LocalOidcProvider, startOidcProvider } from '../test/oidc-provider';

/**
 * Property-based fuzzing of every route the app registers (issue 9): generated path parameters,
 * queries and bodies, signed in (with a CSRF token) and signed out. Bad input must get a 4xx,
 * never a 5xx. `npm test` runs a small budget with a fixed seed; `npm run fuzz` runs FUZZ_RUNS
 * requests per route with a random seed it prints (FUZZ_SEED=… replays one).
 */
const LONG = process.env.FUZZ_RUNS !== undefined;
const RUNS = Number(process.env.FUZZ_RUNS) || 10;
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : LONG ? Date.now() % 2 ** 31 : 20_260_101;
if (LONG) console.info(`route fuzz: seed ${SEED}, ${RUNS} runs per route (replay with FUZZ_SEED=${SEED})`);

let t: TestApp;
let provider: LocalOidcProvider;
let callers: Callers;
let routes: Route[];
let fuzzer: RouteFuzzer;

beforeAll(async () => {
  // A local OpenID provider, so the sign-in routes run as in production instead of answering 503.
  provider = await startOidcProvider();
  t = await buildTestApp({
    config: {
      oidc: { issuer: provider.issuer, clientId: provider.clientId, clientSecret: provider.clientSecret },
    },
  });
  const owner = await t.signedInClient({ username: 'fuzz_owner' });
  callers = new Callers(t, owner.userId);
  const world = await seedWorld(t, owner);
  // HEAD runs the GET handler, which the GET route covers. The live event stream takes no input
  // and never ends (inject would wait forever); events/events.test.ts reads it over a socket.
  routes = t.app.registeredRoutes.filter((r) => r.method !== 'HEAD' && r.url !== '/api/events') as Route[];
  fuzzer = new RouteFuzzer(routes, callers, world);
  await fuzzer.probeUploads();
}, 120_000);
afterAll(async () => {
  await t?.close();
  await provider?.stop();
});

describe('route fuzzing: bad input gets a 4xx, never a 5xx', () => {
  it('walks the real route table, upload routes included', () => {
    expect(routes.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining(['PATCH /api/tracks/:id', 'POST /api/tracks', 'GET /api/public/users/:userId']),
    );
    expect(fuzzer.uploadFields).toEqual(expect.arrayContaining(['audio', 'avatar', 'image']));
  });

  it(
    'no route answers 5xx to generated params, queries and bodies, signed in or out',
    async () => {
      const failures: string[] = [];
      for (const [index, route] of routes.entries()) {
        const report = await fuzzer.fuzz(route, SEED + index, RUNS);
        if (report) failures.push(`${route.method} ${route.url} (seed ${SEED + index})\n${report}`);
      }
      expect(failures, failures.join('\n\n')).toEqual([]);
    },
    LONG ? 24 * 3_600_000 : 120_000,
  );

  it('the app still answers afterwards', async () => {
    expect((await t.client().get('/api/health')).statusCode).toBe(200);
    const me = await callers.signedIn();
    expect((await me.get('/api/auth/user')).statusCode).toBe(200);
    expect((await me.post('/api/playlists', { name: 'After the storm' })).statusCode).toBe(201);
  });
});
