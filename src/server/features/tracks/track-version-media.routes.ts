import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '../../../shared/schemas/primitives';
import { versionNumberParam } from '../../../shared/schemas/track-versions';
import type { Database } from '../../db/client';
import type { BlobStore } from '../../storage/blob-store';
import type { MediaOffload } from '../../storage/media-sender';
import type { StreamAccess } from './stream-access.service';
import { trackMediaSchemas } from './track-media.service';
import { versionMediaReplies } from './track-version-media.service';
import { findListenableTrack, streamSource } from './tracks.service';

export interface TrackVersionMediaRoutesOptions {
  db: Database;
  store: BlobStore;
  /** The track's own access decision, cached for the Range requests that follow (decision 0066). */
  access: StreamAccess;
  offload: MediaOffload;
}

const versionParams = z.object({ id: idParam(), version: versionNumberParam() });
const tags = ['tracks'];

/**
 * Every version of a track is a take to play and compare (issue 43, decision 0622): its audio and
 * its waveform, under exactly the track's listening rule (decision 0012; 404 for who may not
 * listen). Signed-out listeners of a public track may use them, so there is no requireUser.
 */
export async function trackVersionMediaRoutes(
  fastify: FastifyInstance,
  opts: TrackVersionMediaRoutesOptions,
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, access } = opts;
  const media = versionMediaReplies(db, opts.store, opts.offload);

  app.get(
    '/api/tracks/:id/versions/:version/stream',
    {
      schema: {
        summary: "A version's audio, for playing and comparing",
        description:
          "As GET /api/tracks/{id}/stream, for one version: the current version's is exactly the track's stream; an earlier one's is its original when every browser plays it, else its rendition. Range requests are answered 206. 404 when the caller may not listen to the track, or the version does not exist or has no file; 409 with `processing` while nothing of it is playable yet.",
        tags,
        params: versionParams,
        ...trackMediaSchemas.stream,
      },
    },
    async (request, reply) => {
      const { id, version } = request.params;
      // The track row is what decides access; for the current version it is also what plays, so a
      // row saying "nothing playable yet" is not kept for it (as /stream does).
      const track = await access.listenable(
        id,
        request.session.userId ?? null,
        (row) => row.version !== version || streamSource(row) !== null,
      );
      return media.stream(request, reply, track, version);
    },
  );

  app.get(
    '/api/tracks/:id/versions/:version/waveform',
    {
      schema: {
        summary: "A version's waveform peaks",
        description:
          'As GET /api/tracks/{id}/waveform, for one version. 404 as the stream; 409 with `processing` until the peaks exist.',
        tags,
        params: versionParams,
        ...trackMediaSchemas.waveform,
      },
    },
    async (request, reply) => {
      const { id, version } = request.params;
      const track = await findListenableTrack(db, id, request.session.userId ?? null);
      return media.waveform(reply, track, version);
    },
  );
}
