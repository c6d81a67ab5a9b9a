import type { FastifyReply, FastifyRequest } from 'fastify';
import { apiErrorSchema } from '../../../shared/schemas/common';
import {
  type Track,
  trackProcessingSchema,
  type Waveform,
  waveformSchema,
} from '../../../shared/schemas/tracks';
import { blobReplies } from '../../openapi/blob-responses';
import { notFound } from '../../plugins/errors';
import type { BlobStore } from '../../storage/blob-store';
import { attachmentDisposition } from '../../storage/content-disposition';
import { type MediaOffload, mediaSender, PRIVATE } from '../../storage/media-sender';
import { ProcessingConflict } from './track-processing.service';
import { processingOf, streamSource, type TrackRow } from './tracks.service';

/** The waveform JSON the processing job wrote: a few tens of kilobytes, read whole (the reply schema checks it). */
export async function readPeaks(store: BlobStore, peaksKey: string): Promise<Waveform> {
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of await store.createReadStream(peaksKey)) chunks.push(chunk as Buffer);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw notFound('Waveform not found');
    throw err;
  }
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

/** 409: nothing playable (or no waveform) yet; `processing` says how far the track got. */
export const conflictSchema = apiErrorSchema
  .extend({ processing: trackProcessingSchema })
  .meta({ id: 'ProcessingConflict' });

/** 409 `{statusCode, error, message, processing}`: nothing playable (or no waveform) exists yet. */
export function conflict(reply: FastifyReply, processing: Track['processing']) {
  const { message } = new ProcessingConflict(processing);
  return reply.code(409).send({ statusCode: 409, error: 'Conflict', message, processing });
}

// Every status these routes can answer in any deployment is declared, the 302 of S3_STREAM=redirect
// included: the committed document is one for every configuration (decision 0261).
const audio = blobReplies({ mediaType: 'audio/*', description: 'The audio', redirect: true });
const original = blobReplies({
  mediaType: 'audio/*',
  description: 'The file as uploaded, as an attachment',
  redirect: true,
});
/** The replies (and reply headers) of a track's stream, original and waveform routes. */
export const trackMediaSchemas = {
  stream: { response: { ...audio.response, 409: conflictSchema }, responseHeaders: audio.responseHeaders },
  original: { response: original.response, responseHeaders: original.responseHeaders },
  waveform: { response: { 200: waveformSchema, 409: conflictSchema } },
};

/**
 * What a track's stream, original and waveform routes answer once access to `track` is decided:
 * the track routes (decision 0012) and the share links' by-token routes (decision 0320).
 */
export function trackMediaReplies(store: BlobStore, offload: MediaOffload) {
  const send = mediaSender(store, offload);
  return {
    /** The rendition when the original is not playable in every browser, else the original; 409 before either. */
    stream(request: FastifyRequest, reply: FastifyReply, track: TrackRow) {
      const source = streamSource(track);
      if (!source) return conflict(reply, processingOf(track));
      return send(request, reply, source.key, { contentType: source.mimeType, cacheControl: PRIVATE });
    },
    /** The file as uploaded, as an attachment with its own name. */
    original(request: FastifyRequest, reply: FastifyReply, track: TrackRow) {
      return send(request, reply, track.filepath, {
        contentType: track.mimeType,
        cacheControl: PRIVATE,
        contentDisposition: attachmentDisposition(track.filename),
      });
    },
    // Not cached: a processing job (which bumps nothing) turns 409 into peaks, and it is one request a play.
    async waveform(reply: FastifyReply, track: TrackRow) {
      if (track.processingState !== 'ready' || !track.peaksKey) return conflict(reply, processingOf(track));
      // A few tens of kilobytes of JSON written by the job: read whole, validated by the reply schema.
      const peaks = await readPeaks(store, track.peaksKey);
      reply.header('Cache-Control', PRIVATE);
      return peaks;
    },
  };
}
