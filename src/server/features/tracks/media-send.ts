import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Waveform } from '../../../shared/schemas/tracks';
import { notFound } from '../../plugins/errors';
import { accelRedirect } from '../../storage/accel-redirect';
import type { BlobStore } from '../../storage/blob-store';
import { presignedRedirect } from '../../storage/presigned-redirect';
import { type ServeOptions, serveBlob } from '../../storage/serve-blob';

export type MediaOffload = 'none' | 'nginx' | 'redirect';

/**
 * How a stored file leaves: the bytes themselves (Range, 206, 304, 416: serve-blob.ts), an
 * X-Accel-Redirect for nginx (decision 0069) or a 302 to a presigned bucket URL (decision 0092).
 * Shared by the track routes and the share links' routes (decision 0320).
 */
export const mediaSender =
  (store: BlobStore, offload: MediaOffload) =>
  (request: FastifyRequest, reply: FastifyReply, key: string, options: ServeOptions) =>
    offload === 'nginx'
      ? accelRedirect(reply, key, options)
      : offload === 'redirect'
        ? presignedRedirect(reply, store, key, options)
        : serveBlob(request, reply, store, key, options);

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
