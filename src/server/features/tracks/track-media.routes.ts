import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../shared/schemas/common';
import { idParam } from '../../../shared/schemas/primitives';
import {
  type Track,
  trackProcessingSchema,
  trackSchema,
  waveformSchema,
} from '../../../shared/schemas/tracks';
import type { Database } from '../../db/client';
import type { JobQueue } from '../../jobs/job-queue';
import { blobReplies } from '../../openapi/blob-responses';
import { userOf } from '../../plugins/auth-guard';
import type { BlobStore } from '../../storage/blob-store';
import { attachmentDisposition } from '../../storage/content-disposition';
import { type MediaOffload, mediaSender, readPeaks } from './media-send';
import type { StreamAccess } from './stream-access';
import { ProcessingConflict, retryTrackProcessing } from './track-processing.service';
import { findListenableTrack, processingOf, streamSource } from './tracks.service';

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
/** 409: nothing playable (or no waveform) yet; `processing` says how far the track got. */
export const conflictSchema = apiErrorSchema
  .extend({ processing: trackProcessingSchema })
  .meta({ id: 'ProcessingConflict' });
/** Audio is access-checked per request, so nothing may be kept by a shared cache. */
export const PRIVATE = 'private, no-cache';

/** 409 `{statusCode, error, message, processing}`: nothing playable (or no waveform) exists yet. */
export function conflict(reply: FastifyReply, processing: Track['processing']) {
  const { message } = new ProcessingConflict(processing);
  return reply.code(409).send({ statusCode: 409, error: 'Conflict', message, processing });
}

/**
 * The audio routes of issue 10's HTTP contract. The three GETs follow the stream's access rule
 * (decision 0012, 404 for those who may not listen); signed-out listeners of a public profile may
 * use them, so there is no requireUser.
 */
export async function trackMediaRoutes(fastify: FastifyInstance, opts: TrackMediaRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, store, access } = opts;
  // Every status these routes can answer in any deployment is declared, the 302 of S3_STREAM=redirect
  // included: the committed document is one for every configuration (decision 0261).
  const audio = blobReplies({ mediaType: 'audio/*', description: 'The audio', redirect: true });
  const original = blobReplies({
    mediaType: 'audio/*',
    description: 'The file as uploaded, as an attachment',
    redirect: true,
  });
  const send = mediaSender(store, opts.offload);

  app.get(
    '/api/tracks/:id/stream',
    {
      schema: {
        summary: "A track's audio, for playing",
        description:
          'The rendition when the original is not playable in every browser, else the original. Range requests are answered 206; with S3_STREAM=redirect the answer is a 302 to the bucket.',
        tags,
        params: trackParams,
        response: { ...audio.response, 409: conflictSchema },
        responseHeaders: audio.responseHeaders,
      },
    },
    async (request, reply) => {
      const track = await access.listenable(
        request.params.id,
        request.session.userId ?? null,
        (row) => streamSource(row) !== null,
      );
      const source = streamSource(track);
      if (!source) return conflict(reply, processingOf(track));
      return send(request, reply, source.key, {
        contentType: source.mimeType,
        cacheControl: PRIVATE,
      });
    },
  );

  app.get(
    '/api/tracks/:id/original',
    {
      schema: {
        summary: 'Download the file as it was uploaded',
        tags,
        params: trackParams,
        response: original.response,
        responseHeaders: original.responseHeaders,
      },
    },
    async (request, reply) => {
      const track = await access.listenable(request.params.id, request.session.userId ?? null);
      return send(request, reply, track.filepath, {
        contentType: track.mimeType,
        cacheControl: PRIVATE,
        contentDisposition: attachmentDisposition(track.filename),
      });
    },
  );

  // Not cached: a processing job (which bumps nothing) turns 409 into peaks, and it is one request a play.
  app.get(
    '/api/tracks/:id/waveform',
    {
      schema: {
        summary: "A track's waveform peaks",
        tags,
        params: trackParams,
        response: { 200: waveformSchema, 409: conflictSchema },
      },
    },
    async (request, reply) => {
      const track = await findListenableTrack(db, request.params.id, request.session.userId ?? null);
      if (track.processingState !== 'ready' || !track.peaksKey) return conflict(reply, processingOf(track));
      // A few tens of kilobytes of JSON written by the job: read whole, validated by the reply schema.
      const peaks = await readPeaks(store, track.peaksKey);
      reply.header('Cache-Control', PRIVATE);
      return peaks;
    },
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
