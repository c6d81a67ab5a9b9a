import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '../../../shared/schemas/primitives';
import {
  createShareBodySchema,
  listSharesQuerySchema,
  sharedItemSchema,
  shareLinkSchema,
} from '../../../shared/schemas/shares';
import type { Database } from '../../db/client';
import { userOf } from '../../plugins/auth-guard';
import { forbidden } from '../../plugins/errors';
import { routeRateLimit } from '../../plugins/rate-limits';
import type { BlobStore } from '../../storage/blob-store';
import type { MediaOffload } from '../../storage/media-sender';
import { trackMediaReplies, trackMediaSchemas } from '../tracks/track-media.service';
import { createShare, findSharedTrack, listShares, openShare, revokeShare } from './shares.service';

export interface SharesRoutesOptions {
  db: Database;
  store: BlobStore;
  offload: MediaOffload;
  /** Where the app is reached: a link's url is PUBLIC_URL/s/{token}. */
  publicUrl: string;
}

const tags = ['shares'];
const shareParams = z.object({ id: idParam() });
// Any text the router passes; the service answers 404 unless it has a token's form (decision 0320).
const tokenParams = z.object({ token: z.string() });
const tokenTrackParams = tokenParams.extend({ trackId: idParam() });

/**
 * Private share links (issue 24, decision 0320). The owner's routes need a session (and CSRF, as
 * every change); the by-token routes need nothing but the token, and are limited per address.
 */
export async function sharesRoutes(fastify: FastifyInstance, opts: SharesRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, publicUrl } = opts;
  const media = trackMediaReplies(opts.store, opts.offload);

  app.post(
    '/api/shares',
    {
      preHandler: [app.requireUser, app.userRateLimit.create],
      schema: {
        summary: 'Make a private link to one of your tracks or playlists',
        description:
          "Whatever its visibility. Someone else's item, or none, is a 404. `expiresAt` must lie in the future.",
        tags,
        body: createShareBodySchema,
        response: { 201: shareLinkSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createShare(db, userOf(request).id, request.body, publicUrl)),
  );

  app.get(
    '/api/shares',
    {
      preHandler: app.requireUser,
      schema: {
        summary: 'Your share links, newest first, with their visits',
        tags,
        querystring: listSharesQuerySchema,
        response: { 200: z.array(shareLinkSchema) },
      },
    },
    async (request) => listShares(db, userOf(request).id, request.query, publicUrl),
  );

  app.delete(
    '/api/shares/:id',
    {
      preHandler: app.requireUser,
      schema: {
        summary: 'Revoke (delete) one of your share links',
        description: 'Its token answers 404 from then on.',
        tags,
        params: shareParams,
        response: { 204: z.null().describe('Revoked') },
      },
    },
    async (request, reply) => {
      await revokeShare(db, userOf(request).id, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/shares/by-token/:token',
    {
      config: routeRateLimit('shareLink'),
      schema: {
        summary: 'What a share link opens (no sign-in), counted as a visit',
        description:
          'The one track or playlist, with media URLs scoped to the token. 404 for an unknown or revoked link, 410 "This link has expired".',
        tags,
        params: tokenParams,
        response: { 200: sharedItemSchema },
      },
    },
    // Fastify answers HEAD with this handler too: only a GET is someone opening the link.
    async (request) => openShare(db, request.params.token, { countVisit: request.method === 'GET' }),
  );

  app.get(
    '/api/shares/by-token/:token/tracks/:trackId/stream',
    {
      schema: {
        summary: "A shared track's audio, through the link",
        description:
          'As GET /api/tracks/{id}/stream (Range, 206). 404 for a track the link does not open, 410 once it expired.',
        tags,
        params: tokenTrackParams,
        ...trackMediaSchemas.stream,
      },
    },
    async (request, reply) => {
      const { track } = await findSharedTrack(db, request.params.token, request.params.trackId);
      return media.stream(request, reply, track);
    },
  );

  app.get(
    '/api/shares/by-token/:token/tracks/:trackId/original',
    {
      schema: {
        summary: 'Download a shared track as uploaded, when the link allows it',
        description: '403 when the link does not allow downloading.',
        tags,
        params: tokenTrackParams,
        ...trackMediaSchemas.original,
      },
    },
    async (request, reply) => {
      const { link, track } = await findSharedTrack(db, request.params.token, request.params.trackId);
      if (!link.allowDownload) throw forbidden('This link does not allow downloading');
      return media.original(request, reply, track);
    },
  );

  app.get(
    '/api/shares/by-token/:token/tracks/:trackId/waveform',
    {
      schema: {
        summary: "A shared track's waveform peaks, through the link",
        tags,
        params: tokenTrackParams,
        ...trackMediaSchemas.waveform,
      },
    },
    async (request, reply) => {
      const { track } = await findSharedTrack(db, request.params.token, request.params.trackId);
      return media.waveform(reply, track);
    },
  );
}
