import type { FastifyReply, FastifyRequest } from 'fastify';
import { accelRedirect } from './accel-redirect';
import type { BlobStore } from './blob-store';
import { presignedRedirect } from './presigned-redirect';
import { type ServeOptions, serveBlob } from './serve-blob';

export type MediaOffload = 'none' | 'nginx' | 'redirect';

/**
 * How a stored file leaves: the bytes themselves (Range, 206, 304, 416: serve-blob.ts), an
 * X-Accel-Redirect for nginx (decision 0069) or a 302 to a presigned bucket URL (decision 0092).
 * Shared by the track routes, the share links' routes (decision 0320), exports and /rest.
 */
export const mediaSender =
  (store: BlobStore, offload: MediaOffload) =>
  (request: FastifyRequest, reply: FastifyReply, key: string, options: ServeOptions) =>
    offload === 'nginx'
      ? accelRedirect(reply, key, options)
      : offload === 'redirect'
        ? presignedRedirect(reply, store, key, options)
        : serveBlob(request, reply, store, key, { ...options, countStreamed: true });

/** Audio is access-checked per request, so nothing may be kept by a shared cache. */
export const PRIVATE = 'private, no-cache';
