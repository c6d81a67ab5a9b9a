import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '../../../shared/schemas/primitives';
import { passwordRequiredSchema } from '../../../shared/schemas/share-passwords';
import { trackVersionSchema, versionNumberParam } from '../../../shared/schemas/track-versions';
import type { Database } from '../../db/client';
import { routeRateLimit } from '../../plugins/rate-limits';
import type { BlobStore } from '../../storage/blob-store';
import type { MediaOffload } from '../../storage/media-sender';
import { trackMediaSchemas } from '../tracks/track-media.service';
import { versionMediaReplies } from '../tracks/track-version-media.service';
import { type LinkCookies, requireUnlocked } from './link-cookies';
import { findSharedVersionsTrack, listSharedVersions } from './share-versions.service';

export interface ShareVersionsRoutesOptions {
  db: Database;
  store: BlobStore;
  offload: MediaOffload;
  cookies: LinkCookies;
}

const tags = ['shares'];
// Any text the router passes; the service answers 404 unless it has a token's form (decision 0320).
const tokenTrackParams = z.object({ token: z.string(), trackId: idParam() });
const tokenVersionParams = tokenTrackParams.extend({ version: versionNumberParam() });
const NOT_OPENED =
  '404 unless the link is this track\'s own link and allows versions (an unknown or revoked link too), 410 "This link has expired".';

/**
 * A track's versions through its share link (issue 43, decision 0623), for comparing them signed
 * out: the list, each version's audio and waveform, exactly as the track's own version routes.
 */
export async function shareVersionsRoutes(fastify: FastifyInstance, opts: ShareVersionsRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;
  const media = versionMediaReplies(db, opts.store, opts.offload);
  // A password link's versions are behind its gate as its other reads (decision 0702).
  const gate = (request: FastifyRequest) => (link: Parameters<typeof requireUnlocked>[2]) =>
    requireUnlocked(opts.cookies, request, link);
  const locked = { 401: passwordRequiredSchema };

  app.get(
    '/api/shares/by-token/:token/tracks/:trackId/versions',
    {
      // Read once per compare, like opening the link: limited per address as that is.
      config: routeRateLimit('shareLink'),
      schema: {
        summary: "A shared track's versions, through a link that allows them",
        description: `As GET /api/tracks/{id}/versions, with every URL through the token. ${NOT_OPENED}`,
        tags,
        params: tokenTrackParams,
        response: { 200: z.array(trackVersionSchema), ...locked },
      },
    },
    async (request) => listSharedVersions(db, request.params.token, request.params.trackId, gate(request)),
  );

  app.get(
    '/api/shares/by-token/:token/tracks/:trackId/versions/:version/stream',
    {
      schema: {
        summary: "A shared track's version audio, through the link",
        description: `As GET /api/tracks/{id}/versions/{version}/stream (Range, 206; 404 for a version without a file, 409 while processing). ${NOT_OPENED}`,
        tags,
        params: tokenVersionParams,
        ...trackMediaSchemas.stream,
        response: { ...trackMediaSchemas.stream.response, ...locked },
      },
    },
    async (request, reply) => {
      const { token, trackId, version } = request.params;
      const track = await findSharedVersionsTrack(db, token, trackId, gate(request));
      return media.stream(request, reply, track, version);
    },
  );

  app.get(
    '/api/shares/by-token/:token/tracks/:trackId/versions/:version/waveform',
    {
      schema: {
        summary: "A shared track's version waveform peaks, through the link",
        description: `As GET /api/tracks/{id}/versions/{version}/waveform. ${NOT_OPENED}`,
        tags,
        params: tokenVersionParams,
        ...trackMediaSchemas.waveform,
        response: { ...trackMediaSchemas.waveform.response, ...locked },
      },
    },
    async (request, reply) => {
      const { token, trackId, version } = request.params;
      const track = await findSharedVersionsTrack(db, token, trackId, gate(request));
      return media.waveform(reply, track, version);
    },
  );
}
