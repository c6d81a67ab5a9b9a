import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '../../../shared/schemas/primitives';
import { versionNumberParam } from '../../../shared/schemas/track-versions';
import type { Database } from '../../db/client';
import type { BlobStore } from '../../storage/blob-store';
import type { MediaOffload } from '../../storage/media-sender';
import { SPECTROGRAM_DESCRIPTION, spectrogramReplies, spectrogramSchemas } from './track-spectrogram.service';
import { findListenableTrack } from './tracks.service';

export interface TrackSpectrogramRoutesOptions {
  db: Database;
  store: BlobStore;
  offload: MediaOffload;
}

const tags = ['tracks'];

/**
 * A take's spectrogram (issue 47, decision 0842), under exactly the waveform's rule: whoever may
 * listen to the track (signed-out listeners of a public track too), 404 for anyone else.
 */
export async function trackSpectrogramRoutes(fastify: FastifyInstance, opts: TrackSpectrogramRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;
  const pictures = spectrogramReplies(db, opts.store, opts.offload);

  app.get(
    '/api/tracks/:id/spectrogram',
    {
      schema: {
        summary: "A track's spectrogram",
        description: SPECTROGRAM_DESCRIPTION,
        tags,
        params: z.object({ id: idParam() }),
        ...spectrogramSchemas,
      },
    },
    async (request, reply) => {
      const track = await findListenableTrack(db, request.params.id, request.session.userId ?? null);
      return pictures.track(request, reply, track);
    },
  );

  app.get(
    '/api/tracks/:id/versions/:version/spectrogram',
    {
      schema: {
        summary: "A version's spectrogram",
        description: `As GET /api/tracks/{id}/spectrogram, for one version. ${SPECTROGRAM_DESCRIPTION}`,
        tags,
        params: z.object({ id: idParam(), version: versionNumberParam() }),
        ...spectrogramSchemas,
      },
    },
    async (request, reply) => {
      const { id, version } = request.params;
      const track = await findListenableTrack(db, id, request.session.userId ?? null);
      return pictures.version(request, reply, track, version);
    },
  );
}
