import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '../../../shared/schemas/primitives';
import { trackSchema } from '../../../shared/schemas/tracks';
import type { Database } from '../../db/client';
import type { JobQueue } from '../../jobs/job-queue';
import { userOf } from '../../plugins/auth-guard';
import type { BlobStore } from '../../storage/blob-store';
import type { MediaOffload } from '../../storage/media-sender';
import type { StreamAccess } from './stream-access.service';
import { conflict, conflictSchema, trackMediaReplies, trackMediaSchemas } from './track-media.service';
import { ProcessingConflict, retryTrackProcessing } from './track-processing.service';
import { findListenableTrack, streamSource } from './tracks.service';

export interface TrackMediaRoutesOptions {
  db: Database;
  store: BlobStore;
  queue: JobQueue;
  /** Access decided once per viewer and track for the Range requests that follow (decision 0066). */
  access: StreamAccess;
  /**
   * 'nginx': answer with X-Accel-Redirect instead of the bytes (decision 0069); 'redirect': with a
   * 302 to a presigned bucket URL (S3_STREAM=redirect, decision 0092).
   */
  offload: MediaOffload;
}

const trackParams = z.object({ id: idParam() });
const tags = ['tracks'];

/**
 * The audio routes of issue 10's HTTP contract. The three GETs follow the stream's access rule
 * (decision 0012, 404 for those who may not listen); signed-out listeners of a public profile may
 * use them, so there is no requireUser.
 */
export async function trackMediaRoutes(fastify: FastifyInstance, opts: TrackMediaRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, access } = opts;
  const media = trackMediaReplies(opts.store, opts.offload);

  app.get(
    '/api/tracks/:id/stream',
    {
      schema: {
        summary: "A track's audio, for playing",
        description:
          'The rendition when the original is not playable in every browser, else the original. Range requests are answered 206; with S3_STREAM=redirect the answer is a 302 to the bucket.',
        tags,
        params: trackParams,
        ...trackMediaSchemas.stream,
      },
    },
    async (request, reply) => {
      const track = await access.listenable(
        request.params.id,
        request.session.userId ?? null,
        (row) => streamSource(row) !== null,
      );
      return media.stream(request, reply, track);
    },
  );

  app.get(
    '/api/tracks/:id/original',
    {
      schema: {
        summary: 'Download the file as it was uploaded',
        tags,
        params: trackParams,
        ...trackMediaSchemas.original,
      },
    },
    async (request, reply) =>
      media.original(
        request,
        reply,
        await access.listenable(request.params.id, request.session.userId ?? null),
      ),
  );

  app.get(
    '/api/tracks/:id/waveform',
    {
      schema: {
        summary: "A track's waveform peaks",
        tags,
        params: trackParams,
        ...trackMediaSchemas.waveform,
      },
    },
    async (request, reply) =>
      media.waveform(reply, await findListenableTrack(db, request.params.id, request.session.userId ?? null)),
  );

  app.post(
    '/api/tracks/:id/process',
    {
      preHandler: app.requireUser,
      schema: {
        summary: 'Process a track again after its processing failed',
        tags,
        params: trackParams,
        response: { 202: trackSchema, 409: conflictSchema },
      },
    },
    async (request, reply) => {
      try {
        const track = await retryTrackProcessing(db, opts.queue, request.params.id, userOf(request).id);
        return reply.code(202).send(track);
      } catch (err) {
        if (err instanceof ProcessingConflict) return conflict(reply, err.processing);
        throw err;
      }
    },
  );
}
