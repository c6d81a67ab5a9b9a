import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { displayName } from '../../../shared/format';
import { embedSchema } from '../../../shared/schemas/embed';
import { idParam } from '../../../shared/schemas/primitives';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { errorBody, HttpError } from '../../plugins/errors';
import { routeRateLimit } from '../../plugins/rate-limits';
import type { BlobStore } from '../../storage/blob-store';
import { EMBED_HTML, sendNotAvailable } from '../embed/embed-pages';
import { renderOgImage } from '../previews/og-image';
import type { PagePreviews } from '../previews/page-previews';
import { readPeaks } from '../tracks/media-send';
import { PRIVATE } from '../tracks/track-media.routes';
import { shareEmbed, sharePath } from './share-views';
import { findLiveShare, findSharedTrack } from './shares.service';

export interface SharePagesOptions {
  db: Database;
  store: BlobStore;
  previews: PagePreviews;
  /** Whether the built client (index.html) is served, and its embed.html. */
  hasClient: boolean;
  hasEmbedPage: boolean;
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
  const { db, store, previews } = opts;

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
        response: { 200: embedSchema },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-cache');
      return shareEmbed(request.params.token, await findLiveShare(db, request.params.token));
    },
  );

  app.get(
    '/embed/s/:token',
    { config: routeRateLimit('shareLink'), schema: { hide: true, params: tokenParams } },
    async (request, reply) => {
      if (!opts.hasEmbedPage) return sendNotAvailable(reply);
      try {
        await findLiveShare(db, request.params.token);
      } catch (err) {
        // The embed's own page for both, with the link's status: 404 unknown or revoked, 410 expired.
        if (err instanceof HttpError && (err.statusCode === 404 || err.statusCode === 410)) {
          return sendNotAvailable(reply, err.statusCode);
        }
        throw err;
      }
      return reply.header('Cache-Control', 'no-cache').header('X-Robots-Tag', 'noindex').sendFile(EMBED_HTML);
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
        },
      },
    },
    async (request, reply) => {
      const { track } = await findSharedTrack(db, request.params.token, request.params.trackId);
      const owner = await ownerName(db, track.userId);
      // Not kept in memory like public ones: unfurlers fetch a link's picture once or twice, and
      // the ETag spares them the bytes when they ask again.
      const etag = `"${createHash('sha256')
        .update(`${track.id}:${track.updatedAt.getTime()}:${track.peaksKey ?? ''}:${track.name}:${owner}`)
        .digest('base64url')
        .slice(0, 22)}"`;
      reply.header('Cache-Control', PRIVATE).header('ETag', etag);
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      const peaks = await peaksOrNone(store, track.peaksKey);
      const image = await renderOgImage({ peaks, title: track.name, author: owner });
      // Bytes, which the route's typed reply (a binary string in the document) does not describe.
      return (reply as FastifyReply).type('image/png').send(image);
    },
  );
}

/** A track still processing (or its peaks lost) is drawn flat rather than refused. */
async function peaksOrNone(store: BlobStore, key: string | null): Promise<number[]> {
  if (!key) return [];
  try {
    return (await readPeaks(store, key)).peaks;
  } catch (err) {
    if (err instanceof HttpError && err.statusCode === 404) return [];
    throw err;
  }
}

async function ownerName(db: Database, userId: string): Promise<string> {
  const [owner] = await db
    .select({ username: users.username, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return displayName(owner);
}
