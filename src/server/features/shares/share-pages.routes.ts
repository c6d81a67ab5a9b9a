import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { embedSchema } from '../../../shared/schemas/embed';
import { idParam } from '../../../shared/schemas/primitives';
import { passwordRequiredSchema } from '../../../shared/schemas/share-passwords';
import type { Database } from '../../db/client';
import { errorBody, HttpError, notFound } from '../../plugins/errors';
import { routeRateLimit } from '../../plugins/rate-limits';
import { PRIVATE } from '../../storage/media-sender';
import { sendEmbedPage, sendNotAvailable } from '../embed/embed.service';
import { type OgImageDeps, sendOgImage, trackOgImage } from '../previews/og-image-store.service';
import type { PagePreviews } from '../previews/page-previews.service';
import { type LinkCookies, requireUnlocked } from './link-cookies';
import { sendLockedEmbedPage } from './share-embed-locked';
import { shareEmbed, sharePath } from './share-views';
import { findLiveShare, findSharedTrack } from './shares.service';

export interface SharePagesOptions {
  db: Database;
  /** Where the link's picture is stored (decision 0350). */
  ogImages: OgImageDeps;
  previews: PagePreviews;
  /** Whether the built client (index.html) is served, and its embed.html. */
  hasClient: boolean;
  hasEmbedPage: boolean;
  /** A password link's gate (issue 45): its embed JSON and picture wait for the unlock. */
  cookies: LinkCookies;
}

const tokenParams = z.object({ token: z.string() });
const png = z.string().meta({ format: 'binary' });

/**
 * The pages a share link opens (issue 24, decision 0335): `/s/{token}` (the app's index.html with
 * the link's preview tags, answered 200, 404 or 410 as the link is live, unknown or revoked, or
 * expired; the client draws the page), `/embed/s/{token}` with its JSON, and the link's preview
 * picture. Each is limited per address like GET /api/shares/by-token/{token}, since its status
 * says whether a token exists; none counts a visit (the page's own API request does).
 */
export async function sharePagesRoutes(fastify: FastifyInstance, opts: SharePagesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, previews } = opts;

  app.get(
    '/s/:token',
    { config: routeRateLimit('shareLink'), schema: { hide: true, params: tokenParams } },
    async (request, reply) => {
      if (!opts.hasClient) return reply.code(404).send(errorBody(404, 'Route GET /s not found'));
      reply.header('Cache-Control', 'no-cache').header('X-Robots-Tag', 'noindex');
      const page = await previews.page(sharePath(request.params.token)).catch((err: unknown) => {
        // The page still loads when its preview cannot be made (the app then says what is wrong).
        request.log.warn({ err }, 'Could not make the link preview of a share link');
        return undefined;
      });
      if (!page) return reply.sendFile('index.html');
      return reply.code(page.status).type('text/html; charset=utf-8').send(page.html);
    },
  );

  app.get(
    '/api/embed/s/:token',
    {
      config: routeRateLimit('shareLink'),
      schema: {
        summary: 'What a share link opens, as its embeddable player shows it',
        description:
          'No sign-in; not counted as a visit. Media URLs are scoped to the token. 404 for an unknown or revoked link, 410 "This link has expired".',
        tags: ['shares'],
        params: tokenParams,
        response: { 200: embedSchema, 401: passwordRequiredSchema },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-cache');
      const share = await findLiveShare(db, request.params.token);
      requireUnlocked(opts.cookies, request, share.link);
      return shareEmbed(request.params.token, share);
    },
  );

  app.get(
    '/embed/s/:token',
    { config: routeRateLimit('shareLink'), schema: { hide: true, params: tokenParams } },
    async (request, reply) => {
      if (!opts.hasEmbedPage) return sendNotAvailable(reply);
      try {
        const { link } = await findLiveShare(db, request.params.token);
        // A framed player never asks for a password: it points to the link's page (decision 0702).
        if (link.passwordHash !== null) return sendLockedEmbedPage(reply, request.params.token);
      } catch (err) {
        // The embed's own page for both, with the link's status: 404 unknown or revoked, 410 expired.
        if (err instanceof HttpError && (err.statusCode === 404 || err.statusCode === 410)) {
          return sendNotAvailable(reply, err.statusCode);
        }
        throw err;
      }
      return sendEmbedPage(reply.header('X-Robots-Tag', 'noindex'));
    },
  );

  app.get(
    '/api/shares/by-token/:token/tracks/:trackId/og.png',
    {
      config: routeRateLimit('shareLink'),
      schema: {
        summary: "A shared track's link-preview picture (1200×630 PNG), through the link",
        description:
          'Its waveform, name and owner, as GET /api/tracks/{id}/og.png draws a public one. 404 for a track the link does not open, 410 once it expired.',
        tags: ['shares'],
        params: tokenParams.extend({ trackId: idParam() }),
        response: {
          200: { description: 'The PNG', content: { 'image/png': { schema: png } } },
          304: z.undefined().describe('Not modified'),
          401: passwordRequiredSchema,
        },
      },
    },
    async (request, reply) => {
      const { link, track } = await findSharedTrack(db, request.params.token, request.params.trackId);
      requireUnlocked(opts.cookies, request, link);
      // The same stored picture as a public track's (decision 0350); the token was the access check.
      const image = await trackOgImage(opts.ogImages, track.id);
      if (!image) throw notFound('Track not found');
      // Bytes, which the route's typed reply (a binary string in the document) does not describe.
      return sendOgImage(request, reply as FastifyReply, image, PRIVATE);
    },
  );
}
