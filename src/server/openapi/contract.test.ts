import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestClient } from '../../test/build-test-app';
import { Callers } from '../../test/fuzz/callers';
import { type Route, RouteFuzzer } from '../../test/fuzz/route-fuzzer';
import { PNG, seedWorld } from '../../test/fuzz/world';
import { makeWav } from '../../test/media-fixtures';
import { type LocalOidcProvider, startOidcProvider } from '../../test/oidc-provider';
import { OpenApiContract, type OpenApiDocument } from '../../test/openapi-contract';
import { MAX_PARAM_LENGTH } from '../app';
import { OPENAPI_FILE } from './openapi-document';

/**
 * Issue 22, "contract drift": every reply the app gives matches the committed openapi.json
 * (decision 0263). Replays the route fuzzer's requests (a small budget with a fixed seed, so it
 * stays well under a minute on either database), real-data requests (audio and images, Range and
 * conditional requests) and the router's own errors, and checks each reply with ajv against the
 * status, content type, headers and schema the document declares (src/test/openapi-contract.ts).
 */
const RUNS = 3;
const MAX_EXAMPLES = 12;
const SEED = 20_261_125;

let t: TestApp;
let provider: LocalOidcProvider;
let contract: OpenApiContract;
let owner: TestClient & { userId: string };
let callers: Callers;
let routes: Route[];
let fuzzer: RouteFuzzer;
let trackId: number;
let imageUrl: string;
const audio = makeWav(1);

beforeAll(async () => {
  const doc = JSON.parse(readFileSync(path.join(process.cwd(), OPENAPI_FILE), 'utf8')) as OpenApiDocument;
  contract = new OpenApiContract(doc);
  // A local OpenID provider, so the sign-in routes answer as in production.
  provider = await startOidcProvider();
  t = await buildTestApp({
    config: {
      oidc: { issuer: provider.issuer, clientId: provider.clientId, clientSecret: provider.clientSecret },
    },
  });
  owner = await t.signedInClient({ username: 'contract_owner' });
  const upload = await owner.upload(
    '/api/tracks',
    { name: 'Contract take' },
    { field: 'audio', name: 'take.wav', type: 'audio/wav', data: audio },
  );
  conforms('POST', '/api/tracks', upload);
  trackId = upload.json().id;
  const avatar = await owner.upload(
    '/api/user/avatar',
    {},
    { field: 'avatar', name: 'me.png', type: 'image/png', data: PNG },
  );
  conforms('POST', '/api/user/avatar', avatar);
  imageUrl = `${avatar.json().avatarUrl}-128.webp`;

  const fuzzOwner = await t.signedInClient({ username: 'contract_fuzz' });
  callers = new Callers(t, fuzzOwner.userId);
  const world = await seedWorld(t, fuzzOwner);
  // As in routes.fuzz.test.ts: HEAD runs the GET handler; the event stream never ends under inject.
  // Hidden routes (the reference's files, the document itself) are not part of the contract.
  routes = t.app.registeredRoutes.filter(
    (r) => r.method !== 'HEAD' && r.url !== '/api/events' && !(r.schema as { hide?: boolean })?.hide,
  ) as Route[];
  fuzzer = new RouteFuzzer(routes, callers, world);
  await fuzzer.probeUploads();
}, 120_000);
afterAll(async () => {
  await t?.close();
  await provider?.stop();
});

/** Fails with the request, the status and what the document says it should have been. */
function conforms(method: string, url: string, res: LightMyRequestResponse) {
  const problem = contract.check(method, url, res);
  expect(problem, `${method} ${url.slice(0, 200)} answered ${res.statusCode}: ${problem}`).toBeUndefined();
}

const errorKeys = (res: LightMyRequestResponse) => Object.keys(res.json()).sort();

describe('errors the router raises before any route: the one ApiError shape', () => {
  it.each([
    ['a truncated percent-encoding', '/api/tracks/%E0%A4%A'],
    ['a lone %', '/api/tracks/%'],
    ['a bad escape deeper in the path', '/api/playlists/1/tracks/%zz'],
  ])('%s is a 400', async (_what, url) => {
    const res = await owner.get(url);
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ statusCode: 400, error: 'Bad Request', message: expect.any(String) });
    // No hook runs for these, yet they carry the headers every reply does (decision 0244).
    expect(res.headers['permissions-policy']).toContain('camera=()');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    conforms('GET', url, res);
  });

  it('a path parameter longer than the router takes is a 414 "URI Too Long", no `code`', async () => {
    const ok = await owner.get(`/api/public/users/${'a'.repeat(MAX_PARAM_LENGTH)}`);
    expect(ok.statusCode).toBe(404);
    const url = `/api/public/users/${'a'.repeat(MAX_PARAM_LENGTH + 1)}`;
    const res = await owner.get(url);
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({
      statusCode: 414,
      error: 'URI Too Long',
      message: 'A part of the address is too long',
    });
    conforms('GET', url, res);
  });

  it('an unknown route and a method a path does not have are 404s in the same shape', async () => {
    for (const [method, url] of [
      ['GET', '/api/nothing-here'],
      ['GET', '/not-an-api-page'],
      ['DELETE', '/api/tracks'],
      ['PUT', '/api/health'],
    ] as const) {
      const res = await owner.request(method, url);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(errorKeys(res)).toEqual(['error', 'message', 'statusCode']);
      conforms(method, url, res);
    }
  });
});

describe('media replies are the ones the document declares', () => {
  const stream = () => `/api/tracks/${trackId}/stream`;

  it('the audio, whole and as a Range (206), with a range past the end (416) and revalidated (304)', async () => {
    for (const url of [stream(), `/api/tracks/${trackId}/original`]) {
      const whole = await owner.get(url);
      expect(whole.statusCode).toBe(200);
      expect(whole.headers['content-type']).toBe('audio/wav');
      conforms('GET', url, whole);

      const part = await owner.get(url, { range: 'bytes=0-99' });
      expect(part.statusCode).toBe(206);
      expect(part.headers['content-range']).toBe(`bytes 0-99/${audio.length}`);
      conforms('GET', url, part);

      const past = await owner.get(url, { range: `bytes=${audio.length}-` });
      expect(past.statusCode).toBe(416);
      expect(past.headers['content-range']).toBe(`bytes */${audio.length}`);
      expect(past.json()).toMatchObject({ statusCode: 416, error: 'Range Not Satisfiable' });
      conforms('GET', url, past);

      const same = await owner.get(url, { 'if-none-match': String(whole.headers.etag) });
      expect(same.statusCode).toBe(304);
      expect(same.rawPayload.length).toBe(0);
      conforms('GET', url, same);
    }
  });

  it('an image: 200, 206, 304 and 416, signed in or not', async () => {
    const visitor = t.client();
    const whole = await visitor.get(imageUrl);
    expect(whole.statusCode).toBe(200);
    conforms('GET', imageUrl, whole);
    const requests: [Record<string, string>, number][] = [
      [{ range: 'bytes=0-9' }, 206],
      [{ range: 'bytes=999999999-' }, 416],
      [{ 'if-none-match': String(whole.headers.etag) }, 304],
    ];
    for (const [headers, status] of requests) {
      const res = await visitor.get(imageUrl, headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(status);
      conforms('GET', imageUrl, res);
    }
  });

  it('the waveform before processing: its 409 with `processing`', async () => {
    const url = `/api/tracks/${trackId}/waveform`;
    const res = await owner.get(url);
    expect(res.statusCode).toBe(409);
    conforms('GET', url, res);
  });

  it('the spectrogram before processing: its 409 with `processing` (issue 47)', async () => {
    for (const url of [
      `/api/tracks/${trackId}/spectrogram`,
      `/api/tracks/${trackId}/versions/1/spectrogram`,
    ]) {
      const res = await owner.get(url);
      expect(res.statusCode).toBe(409);
      conforms('GET', url, res);
    }
  });
});

describe('acting on many tracks (issue 23)', () => {
  it('the archive is application/zip; a bulk action answers how many tracks changed', async () => {
    const zip = await owner.post('/api/tracks/archive', { ids: [trackId] });
    expect(zip.statusCode).toBe(200);
    expect(zip.rawPayload.subarray(0, 4).toString('latin1')).toBe('PK\x03\x04');
    conforms('POST', '/api/tracks/archive', zip);
    const bulk = await owner.post('/api/tracks/bulk', {
      ids: [trackId],
      action: 'setVisibility',
      visibility: 'private',
    });
    expect(bulk.json()).toEqual({ updated: 0 });
    conforms('POST', '/api/tracks/bulk', bulk);
  });
});

describe('replies every route may give', () => {
  it('429 when a caller goes past the limit, with its Retry-After', async () => {
    const limited = await buildTestApp({ rateLimits: { any: 2 } });
    try {
      const visitor = limited.client();
      const url = '/api/auth/csrf-token';
      let res = await visitor.get(url);
      for (let i = 0; i < 5 && res.statusCode !== 429; i++) res = await visitor.get(url);
      expect(res.json()).toMatchObject({ statusCode: 429, error: 'Too Many Requests' });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      conforms('GET', url, res);
      const unknown = await visitor.get('/api/nothing-here');
      expect(unknown.statusCode).toBe(429);
      conforms('GET', '/api/nothing-here', unknown);
    } finally {
      await limited.close();
    }
  });
});

describe('generated requests to every route', () => {
  it('walks the documented routes', () => {
    expect(routes.length).toBeGreaterThan(60);
    for (const route of routes) {
      const template = route.url.replace(/:(\w+)/g, '{$1}');
      expect(
        contract.findOperation(route.method, template)?.operation,
        `${route.method} ${route.url}`,
      ).toBeTruthy();
    }
  });

  it('every reply, error or not, matches what the document declares for its status', async () => {
    const failures: string[] = [];
    for (const [index, route] of routes.entries()) {
      const report = await fuzzer.fuzz(route, SEED + index, RUNS, {
        maxExamples: MAX_EXAMPLES,
        verdict: (sent, res) => {
          const problem = contract.check(sent.method, sent.url, res);
          return problem && `answered ${res.statusCode}: ${problem}`;
        },
      });
      if (report) failures.push(`${route.method} ${route.url} (seed ${SEED + index})\n${report}`);
    }
    expect(failures, failures.join('\n\n')).toEqual([]);
  }, 120_000);
});
