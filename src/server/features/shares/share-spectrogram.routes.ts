import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '../../../shared/schemas/primitives';
import { passwordRequiredSchema } from '../../../shared/schemas/share-passwords';
import { versionNumberParam } from '../../../shared/schemas/track-versions';
import type { Database } from '../../db/client';
import type { BlobStore } from '../../storage/blob-store';
import type { MediaOffload } from '../../storage/media-sender';
import {
  SPECTROGRAM_DESCRIPTION,
  spectrogramReplies,
  spectrogramSchemas,
} from '../tracks/track-spectrogram.service';
import { type LinkCookies, requireUnlocked } from './link-cookies';
import { findSharedVersionsTrack } from './share-versions.service';
import { findSharedTrack } from './shares.service';

export interface ShareSpectrogramRoutesOptions {
  db: Database;
  store: BlobStore;
  offload: MediaOffload;
  cookies: LinkCookies;
}

const tags = ['shares'];
// Any text the router passes; the service answers 404 unless it has a token's form (decision 0320).
const tokenTrackParams = z.object({ token: z.string(), trackId: idParam() });

/**
 * A take's spectrogram through a share link (issue 47, decision 0842): where the guest hears the
 * track (its waveform's rule), and a version's where the link opens versions (decision 0623).
 */
export async function shareSpectrogramRoutes(fastify: FastifyInstance, opts: ShareSpectrogramRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;
  const pictures = spectrogramReplies(db, opts.store, opts.offload);
  // A password link's reads are behind its gate (decision 0702).
  const gate = (request: FastifyRequest) => (link: Parameters<typeof requireUnlocked>[2]) =>
    requireUnlocked(opts.cookies, request, link);
  const response = { ...spectrogramSchemas.response, 401: passwordRequiredSchema };

  app.get(
    '/api/shares/by-token/:token/tracks/:trackId/spectrogram',
    {
      schema: {
        summary: "A shared track's spectrogram, through the link",
        description: `As GET /api/tracks/{id}/spectrogram. ${SPECTROGRAM_DESCRIPTION}`,
        tags,
        params: tokenTrackParams,
        ...spectrogramSchemas,
        response,
      },
    },
    async (request, reply) => {
      const { link, track } = await findSharedTrack(db, request.params.token, request.params.trackId);
      gate(request)(link);
      return pictures.track(request, reply, track);
    },
  );

  app.get(
    '/api/shares/by-token/:token/tracks/:trackId/versions/:version/spectrogram',
    {
      schema: {
        summary: "A shared track's version spectrogram, through the link",
        description: `As GET /api/tracks/{id}/versions/{version}/spectrogram; 404 unless the link is this track's own and allows versions. ${SPECTROGRAM_DESCRIPTION}`,
        tags,
        params: tokenTrackParams.extend({ version: versionNumberParam() }),
        ...spectrogramSchemas,
        response,
      },
    },
    async (request, reply) => {
      const { token, trackId, version } = request.params;
      const track = await findSharedVersionsTrack(db, token, trackId, gate(request));
      return pictures.version(request, reply, track, version);
    },
  );
}
