import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '../../../shared/schemas/primitives';
import { stackTrackBodySchema } from '../../../shared/schemas/similar-tracks';
import { trackSchema } from '../../../shared/schemas/tracks';
import type { Database } from '../../db/client';
import type { JobQueue } from '../../jobs/job-queue';
import { userOf } from '../../plugins/auth-guard';
import { stackTrackOnto } from './stack-track.service';
import { enqueueAfterUpload } from './track-processing.service';
import { enqueueVersionAfterUpload } from './track-version-processing.service';

export interface SimilarTracksRoutesOptions {
  db: Database;
  queue: JobQueue;
}

const trackParams = z.object({ id: idParam() });

/** What the upload summary does with an upload that sounds like one of the person's takes (0833). */
export async function similarTracksRoutes(fastify: FastifyInstance, opts: SimilarTracksRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  app.post(
    '/api/tracks/:id/stack',
    {
      preHandler: app.requireUser,
      schema: {
        summary: 'Stack an upload as a new version of another of your tracks',
        description:
          "Track {id} (typically just uploaded, and named by `similarTracks`) becomes the next version of `ontoTrackId`: its file is the target's current file (the replaced one is kept as an earlier version, as with a new-version upload), the target is processed again, and track {id} is gone. Replies the target. Owner only: 404 for an {id} that is not yours or a target you may not listen to, 403 for a target you may listen to but do not own, 409 when {id} has versions of its own, 400 onto itself.",
        tags: ['tracks'],
        params: trackParams,
        body: stackTrackBodySchema,
        response: { 200: trackSchema },
      },
    },
    async (request) => {
      const { track, versionToProcess } = await stackTrackOnto(
        db,
        request.params.id,
        request.body.ontoTrackId,
        userOf(request).id,
      );
      // The upload's rendition and peaks, and the target's displaced ones, were queued (0095).
      await app.kickBlobDeletions();
      await enqueueAfterUpload(opts.queue, track.id, request.log);
      // The replaced file, when it was not processed yet, is processed as a version (decision 0606).
      if (versionToProcess !== null) {
        await enqueueVersionAfterUpload(opts.queue, track.id, versionToProcess, request.log);
      }
      return track;
    },
  );
}
