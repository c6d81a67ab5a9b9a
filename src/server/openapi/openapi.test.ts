import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { API_TAGS, DOCS_PREFIX, OPENAPI_PATH } from './openapi.plugin';
import { OPENAPI_FILE, openApiText } from './openapi-document';

/**
 * Issue 15's contract: the committed openapi.json is what the routes say, and every route says
 * what it is (summary, tag), what it takes and what it answers.
 */

/** Routes whose success reply is not JSON (bytes, a stream, a page or a redirect): listed, not guessed. */
const NOT_JSON = new Set([
  'GET /api/tracks/:id/stream',
  'GET /api/tracks/:id/original',
  'GET /api/shares/by-token/:token/tracks/:trackId/stream',
  'GET /api/shares/by-token/:token/tracks/:trackId/original',
  'POST /api/tracks/archive',
  'GET /api/images/:kind/:file',
  'GET /api/tracks/:id/og.png',
  'GET /api/shares/by-token/:token/tracks/:trackId/og.png',
  'GET /api/events',
  'GET /api/supabase/auth',
  'GET /api/auth/callback',
  'GET /api/user/export/:id',
  // An earlier version's kept original, as uploaded (decision 0430).
  'GET /api/tracks/:id/versions/:version/original',
  // Each version's audio, as a take to compare (issue 43, decision 0622).
  'GET /api/tracks/:id/versions/:version/stream',
  'GET /api/shares/by-token/:token/tracks/:trackId/versions/:version/stream',
  // A take's spectrogram, a WebP picture (issue 47, decision 0842).
  'GET /api/tracks/:id/spectrogram',
  'GET /api/tracks/:id/versions/:version/spectrogram',
  'GET /api/shares/by-token/:token/tracks/:trackId/spectrogram',
  'GET /api/shares/by-token/:token/tracks/:trackId/versions/:version/spectrogram',
  // A version's open comments as a DAW marker file (issue 44, decision 0654).
  'GET /api/collectives/:id/tracks/:trackId/comments/markers',
]);
/** Changes that take no body: the path (or the session) says everything. */
const NO_BODY = new Set([
  'POST /api/auth/logout',
  'POST /api/auth/demo-session',
  'POST /api/invite/:code/join',
  'POST /api/tracks/:id/process',
  // A play carries nothing but the track: the server takes the time (decision 0395).
  'POST /api/tracks/:id/plays',
  'PUT /api/tracks/:id/like',
  // Ends every session but the caller's own: nothing to say but who asks (decision 0410).
  'POST /api/user/sessions/sign-out-others',
  // Exports everything of the caller's: nothing to choose (decision 0415).
  'POST /api/user/export',
  // Blocking names its person in the path; a revert names its edit (decision 0450).
  'PUT /api/users/:username/block',
  'POST /api/equipment/:id/history/:editId/revert',
  // The person or track is in the path; a sweep sweeps (decision 0445).
  'POST /api/admin/people/:id/unsuspend',
  'POST /api/admin/tracks/:trackId/retry',
  'POST /api/admin/demo/sweep',
  // The report is in the path; hiding or dismissing says the rest (decision 0455).
  'POST /api/admin/reports/:id/hide',
  'POST /api/admin/reports/:id/dismiss',
  'POST /api/admin/reports/:id/unhide',
]);

type Schema = {
  summary?: string;
  tags?: string[];
  params?: unknown;
  body?: unknown;
  multipartBody?: unknown;
  response?: Record<string, unknown>;
  hide?: boolean;
};

let t: TestApp;
let routes: { name: string; schema: Schema | undefined }[];

beforeAll(async () => {
  t = await buildTestApp();
  // HEAD is Fastify's copy of each GET; hidden routes are the reference's own files and the document.
  routes = t.app.registeredRoutes
    .filter((r) => r.method !== 'HEAD' && !(r.schema as Schema | undefined)?.hide)
    .map((r) => ({ name: `${r.method} ${r.url}`, schema: r.schema as Schema | undefined }));
});
afterAll(() => t?.close());

describe('the committed OpenAPI document', () => {
  it('is the one the routes generate', () => {
    const committed = readFileSync(path.join(process.cwd(), OPENAPI_FILE), 'utf8');
    const generated = openApiText(t.app);
    // Not toEqual on the text: a 250 kB diff helps nobody. Name what changed, and the fix.
    if (committed !== generated) {
      const before = JSON.parse(committed) as Doc;
      const after = JSON.parse(generated) as Doc;
      const changed = operationsOf(after).filter(
        (op) => JSON.stringify(pick(before, op)) !== JSON.stringify(pick(after, op)),
      );
      const gone = operationsOf(before).filter((op) => pick(after, op) === undefined);
      expect.fail(
        `${OPENAPI_FILE} is out of date: run \`npm run openapi\` and commit it.\n` +
          `Changed or new: ${changed.join(', ') || '(other parts of the document)'}\nGone: ${gone.join(', ') || '-'}`,
      );
    }
  });

  it('is OpenAPI 3.1 with the shared error schema as one component', () => {
    const doc = JSON.parse(openApiText(t.app)) as Doc & { components: { schemas: Record<string, unknown> } };
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.components.schemas.ApiError).toEqual({
      type: 'object',
      properties: {
        statusCode: {
          type: 'integer',
          minimum: expect.any(Number),
          maximum: expect.any(Number),
          description: expect.any(String),
        },
        error: { type: 'string', description: expect.any(String) },
        message: { type: 'string', description: expect.any(String) },
      },
      required: ['statusCode', 'error', 'message'],
      additionalProperties: false,
    });
    const errorRefs = operationsOf(doc).map((op) => pick(doc, op)?.responses?.['4XX']);
    expect(errorRefs.every((r) => JSON.stringify(r).includes('#/components/schemas/ApiError'))).toBe(true);
  });
});

describe('every route describes itself', () => {
  it('has a summary and a tag naming its feature', () => {
    const known = new Set<string>(API_TAGS.map((tag) => tag.name));
    const missing = routes
      .filter(
        ({ schema }) =>
          !schema?.summary?.trim() || !schema.tags?.length || !schema.tags.every((x) => known.has(x)),
      )
      .map((r) => r.name);
    expect(
      missing,
      `Routes without a summary or a known tag (${[...known].join(', ')}); add them in the route's schema, then run \`npm run openapi\`:\n${missing.join('\n')}`,
    ).toEqual([]);
  });

  it('declares its success reply, as a schema for JSON routes', () => {
    const missing = routes
      .filter(({ name, schema }) => {
        const ok = Object.entries(schema?.response ?? {}).filter(([code]) => /^[23]\d\d$/.test(code));
        if (ok.length === 0) return true;
        // A JSON reply is a zod schema (serialised and checked by it), not a per-content-type map.
        return (
          !NOT_JSON.has(name) && ok.some(([, s]) => typeof (s as { parse?: unknown }).parse !== 'function')
        );
      })
      .map((r) => r.name);
    expect(
      missing,
      `Routes without a response schema for their success reply (a route that answers bytes or a stream goes in NOT_JSON in ${path.basename(import.meta.filename)}):\n${missing.join('\n')}`,
    ).toEqual([]);
  });

  it('declares what it takes: path parameters and, for changes, a body', () => {
    const missing = routes
      .filter(({ name, schema }) => {
        const [method, url] = name.split(' ') as [string, string];
        if (url.includes('/:') && !schema?.params) return true;
        const takesBody = method === 'POST' || method === 'PUT' || method === 'PATCH';
        return takesBody && !NO_BODY.has(name) && !schema?.body && !schema?.multipartBody;
      })
      .map((r) => r.name);
    expect(
      missing,
      `Routes without a request schema (params, body, or multipartBody for uploads; a change that takes no body goes in NO_BODY):\n${missing.join('\n')}`,
    ).toEqual([]);
  });
});

describe('serving the contract', () => {
  it(`GET ${OPENAPI_PATH} answers the committed document`, async () => {
    const res = await t.client().get(OPENAPI_PATH);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toBe(openApiText(t.app));
  });

  it(`GET ${DOCS_PREFIX} is the reference, served from here under the app's own CSP`, async () => {
    const client = t.client();
    const page = await client.get(DOCS_PREFIX);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    // Every script and style is one of ours (no CDN, no inline script the CSP would block).
    const sources = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(sources.length).toBeGreaterThan(3);
    for (const src of sources) expect(src.startsWith(`${DOCS_PREFIX}/static/`), src).toBe(true);
    expect(page.body).not.toMatch(/<script>(?!\s*<\/script>)/);
    for (const src of sources) expect((await client.get(src)).statusCode, src).toBe(200);
    const spec = await client.get(`${DOCS_PREFIX}/json`);
    expect(spec.json()).toEqual(JSON.parse(openApiText(t.app)));
  });

  it('error replies keep their one shape through the declared schema', async () => {
    const res = await t.client().get('/api/playlists');
    expect(res.statusCode).toBe(401);
    expect(Object.keys(res.json()).sort()).toEqual(['error', 'message', 'statusCode']);
    const me = await t.signedInClient();
    const missing = await me.get('/api/playlists/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ statusCode: 404, error: 'Not Found', message: expect.any(String) });
  });
});

type Operation = { summary?: string; responses?: Record<string, unknown> };
type Doc = { openapi: string; paths: Record<string, Record<string, Operation>> };

const operationsOf = (doc: Doc) =>
  Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`));

function pick(doc: Doc, op: string): Operation | undefined {
  const [method, p] = op.split(' ') as [string, string];
  return doc.paths[p]?.[method.toLowerCase()];
}
