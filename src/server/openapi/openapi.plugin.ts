import fastifySwagger, { type SwaggerTransform } from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createJsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import { SESSION_COOKIE } from '../plugins/session';
import type { ResponseHeaders } from './blob-responses';
import { COMMON_ERROR_HEADERS, COMMON_ERROR_REPLIES } from './error-responses';
import { openApiText } from './openapi-document';

declare module 'fastify' {
  interface FastifySchema {
    /**
     * The form fields of a multipart upload, for the OpenAPI document only: Fastify never validates
     * it (the body is a stream the route reads itself, media/receive-upload.ts), so it is not `body`.
     */
    multipartBody?: ZodType;
    /** Headers of replies by status, for the OpenAPI document only (blob-responses.ts). */
    responseHeaders?: ResponseHeaders;
  }
}

/** One tag per feature (the folder under src/server/features), in the order the reference shows them. */
export const API_TAGS = [
  { name: 'auth', description: 'Signing in and out, the session, CSRF tokens' },
  { name: 'demo', description: 'The demo user: an account of your own to try Journal' },
  { name: 'tracks', description: 'Your journal: uploaded tracks, their audio, waveforms and storage' },
  { name: 'equipment', description: 'Equipment (kit) tags, their pages and comments' },
  { name: 'playlists', description: 'Your playlists and sharing them with collectives' },
  { name: 'collectives', description: 'Collectives (groups), their members, shared playlists and comments' },
  { name: 'invites', description: 'Invite links to collectives' },
  { name: 'shares', description: 'Private share links to a track or playlist, and what a link opens' },
  { name: 'users', description: 'Your profile and privacy; public profiles' },
  { name: 'images', description: 'Uploaded images (avatars and covers)' },
  { name: 'events', description: 'Live events (server-sent events)' },
  { name: 'notifications', description: 'Your inbox of notifications and its preferences' },
  { name: 'plays', description: 'Listening: counting plays, Recently played, play counts for owners' },
  { name: 'search', description: 'One search across tracks, playlists, collectives, equipment and people' },
  { name: 'previews', description: 'Link previews of public pages: oEmbed and preview pictures' },
  { name: 'health', description: 'For load balancers' },
  { name: 'reports', description: 'Reporting a track, comment, profile or equipment page to the admins' },
  {
    name: 'admin',
    description: "The instance admins' console (people named by ADMIN_USERS; 404 to anyone else)",
  },
] as const;
export type ApiTag = (typeof API_TAGS)[number]['name'];

/** Where the document and the reference are served. */
export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PREFIX = '/api/docs';

const zodTransform = createJsonSchemaTransform({ skipList: [] });

/**
 * fastify-type-provider-zod's transform, plus multipart request bodies (`schema.multipartBody`) and
 * reply headers (`schema.responseHeaders`, which @fastify/swagger reads as a response's `headers`).
 */
const transform: SwaggerTransform = (document) => {
  const { multipartBody, responseHeaders, ...schema } = (document.schema ?? {}) as {
    multipartBody?: ZodType;
    responseHeaders?: ResponseHeaders;
  };
  const input = multipartBody
    ? { ...schema, body: multipartBody, consumes: ['multipart/form-data'] }
    : document.schema && schema;
  const out = zodTransform({ ...document, schema: input } as Parameters<SwaggerTransform>[0]);
  const responses = (out.schema as { response?: Record<string, Record<string, unknown>> } | undefined)
    ?.response;
  for (const [status, headers] of Object.entries(responseHeaders ?? {})) {
    if (responses?.[status]) responses[status] = { ...responses[status], headers };
  }
  return out;
};

/**
 * OpenAPI 3.1 from the routes' zod schemas (issue 15): the document at GET /api/openapi.json, an
 * interactive reference (Swagger UI, served from this server: no CDN, and it runs under the app's
 * CSP unchanged, decision 0191) at GET /api/docs. Registered before the feature routes, so that
 * @fastify/swagger and the hook below see every route.
 */
export const openApiPlugin = fp(async (app: FastifyInstance) => {
  // Every documented route answers errors in one shape, declared here once: a route's own status
  // (e.g. a 409 with more fields) still wins over these ranges.
  app.addHook('onRoute', (route) => {
    if (!route.schema || route.schema.hide) return;
    // A route without a rate limit (the health check, for load balancers) never answers 429.
    const { 429: _tooMany, ...unlimited } = COMMON_ERROR_REPLIES;
    const common =
      (route.config as { rateLimit?: unknown } | undefined)?.rateLimit === false
        ? unlimited
        : COMMON_ERROR_REPLIES;
    route.schema = {
      ...route.schema,
      response: { ...common, ...(route.schema.response as object) },
      responseHeaders: { ...COMMON_ERROR_HEADERS, ...route.schema.responseHeaders },
    };
  });

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Journal API',
        // The contract's own version, not the package's: a release that changes no route keeps it.
        version: '1.0.0',
        description: [
          'The HTTP API of Journal, generated from the zod schemas the routes validate and serialise with.',
          `Signed-in calls carry the session cookie \`${SESSION_COOKIE}\`; every POST, PUT, PATCH and DELETE`,
          'also sends the `x-csrf-token` header, whose value GET /api/auth/csrf-token gives for the session.',
          'Every error reply is an `ApiError`: `{ statusCode, error, message }`.',
        ].join(' '),
      },
      tags: API_TAGS.map((tag) => ({ ...tag })),
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
          csrf: { type: 'apiKey', in: 'header', name: 'x-csrf-token' },
        },
      },
    },
    transform,
    transformObject: jsonSchemaTransformObject,
  });

  // Routes are fixed once the app is ready, so the text is made once, on first use.
  let text: string | undefined;
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async (_request, reply) => {
    text ??= openApiText(app);
    return reply.type('application/json; charset=utf-8').header('Cache-Control', 'no-cache').send(text);
  });

  await app.register(fastifySwaggerUi, {
    routePrefix: DOCS_PREFIX,
    // Its own /json route serves the same document as OPENAPI_PATH.
    transformSpecification: (_spec, _request, reply) => {
      text ??= openApiText(app);
      reply.type('application/json; charset=utf-8');
      return JSON.parse(text);
    },
    transformSpecificationClone: false,
    uiConfig: { deepLinking: true, docExpansion: 'list', tryItOutEnabled: false },
    theme: { title: 'Journal API' },
  });
});
