import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '../../../shared/schemas/primitives';
import { downloadQuerySchema } from '../../../shared/schemas/share-listens';
import { passwordRequiredSchema } from '../../../shared/schemas/share-passwords';
import {
  createShareBodySchema,
  listSharesQuerySchema,
  sharedItemSchema,
  shareLinkSchema,
} from '../../../shared/schemas/shares';
import type { Database } from '../../db/client';
import type { shareLinks } from '../../db/schema';
import { userOf } from '../../plugins/auth-guard';
import { forbidden } from '../../plugins/errors';
import { routeRateLimit } from '../../plugins/rate-limits';
import type { BlobStore } from '../../storage/blob-store';
import type { MediaOffload } from '../../storage/media-sender';
import { trackMediaReplies, trackMediaSchemas } from '../tracks/track-media.service';
import { guestCommentsRoutes } from './guest-comments.routes';
import { type LinkCookies, requireUnlocked } from './link-cookies';
import { shareAccessRoutes } from './share-access.routes';
import { createShare, listShares, revokeShare } from './share-links.service';
import { shareListensRoutes } from './share-listens.routes';
import { countShareDownload } from './share-listens.service';
import { shareSpectrogramRoutes } from './share-spectrogram.routes';
import { shareVersionsRoutes } from './share-versions.routes';
import { findSharedTrack, openShare } from './shares.service';

export interface SharesRoutesOptions {
  db: Database;
  store: BlobStore;
  offload: MediaOffload;
  /** Where the app is reached: a link's url is PUBLIC_URL/s/{token}. */
  publicUrl: string;
  /** The cookies a link sets in a guest's browser: its unlock and the guest's name (issue 45). */
  cookies: LinkCookies;
}

type LinkRow = typeof shareLinks.$inferSelect;

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
  // A password link's reads answer 401 `passwordRequired` until this browser unlocked it (0702).
  const gate = (request: FastifyRequest) => (link: LinkRow) => requireUnlocked(opts.cookies, request, link);
  const locked = { 401: passwordRequiredSchema };

  app.post(
    '/api/shares',
    {
      preHandler: [app.requireUser, app.userRateLimit.create],
      schema: {
        summary: 'Make a private link to one of your tracks or playlists',
        description:
          "Whatever its visibility. Someone else's item, or none, is a 404. `expiresAt` must lie in the future. `allowVersions` (a track's link only; 400 for a playlist's) lets the link open the track's versions to compare them.",
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
        response: { 200: sharedItemSchema, ...locked },
      },
    },
    // Fastify answers HEAD with this handler too: only a GET is someone opening the link.
    async (request) =>
      openShare(db, request.params.token, {
        countVisit: request.method === 'GET',
        gate: gate(request),
        // An upload link shows this browser's guest their own files (decision 0733).
        guestOf: (link) => opts.cookies.guest(request, link),
      }),
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
        response: { ...trackMediaSchemas.stream.response, ...locked },
      },
    },
    async (request, reply) => {
      const { link, track } = await findSharedTrack(db, request.params.token, request.params.trackId);
      gate(request)(link);
      return media.stream(request, reply, track);
    },
  );

  app.get(
    '/api/shares/by-token/:token/tracks/:trackId/original',
    {
      schema: {
        summary: 'Download a shared track as uploaded, when the link allows it',
        description:
          "403 when the link does not allow downloading. `listener`: the page's anonymous listener id, to count the download as theirs.",
        tags,
        params: tokenTrackParams,
        querystring: downloadQuerySchema,
        ...trackMediaSchemas.original,
        response: { ...trackMediaSchemas.original.response, ...locked },
      },
    },
    async (request, reply) => {
      const { link, track } = await findSharedTrack(db, request.params.token, request.params.trackId);
      gate(request)(link);
      if (!link.allowDownload) throw forbidden('This link does not allow downloading');
      // One download a GET from the start: a resumed Range request or a HEAD is the same download.
      const range = request.headers.range;
      if (request.method === 'GET' && (!range || /^bytes=0-/.test(range))) {
        await countShareDownload(db, link, track.id, request.query.listener);
      }
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
        response: { ...trackMediaSchemas.waveform.response, ...locked },
      },
    },
    async (request, reply) => {
      const { link, track } = await findSharedTrack(db, request.params.token, request.params.trackId);
      gate(request)(link);
      return media.waveform(reply, track);
    },
  );

  await app.register(shareVersionsRoutes, {
    db,
    store: opts.store,
    offload: opts.offload,
    cookies: opts.cookies,
  });
  // A take's spectrogram where the guest hears it (issue 47, decision 0842).
  await app.register(shareSpectrogramRoutes, {
    db,
    store: opts.store,
    offload: opts.offload,
    cookies: opts.cookies,
  });
  await app.register(shareAccessRoutes, { db, publicUrl, cookies: opts.cookies });
  // Review links' guest comments (issue 45, decisions 0710-0719).
  await app.register(guestCommentsRoutes, { db, cookies: opts.cookies });
  // What listeners heard through a link (issue 45, decisions 0720-0729).
  await app.register(shareListensRoutes, { db, cookies: opts.cookies });
}
