import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MEDIA_ROUTES } from './rate-limits';

/** Replies compressed on the fly only from this size: smaller ones gain less than the CPU costs. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Routes never compressed on the fly (decision 0058): audio and images are compressed already, and
 * a Range reply's byte offsets must be those of the file; the built client (`/*`) is precompressed
 * on disk and sent as it is.
 */
const NEVER_COMPRESSED = new Set([...MEDIA_ROUTES, '/api/images/:kind/:file', '/*', '/']);

/**
 * JSON replies of 1 KiB or more go out brotli- or gzip-compressed, as Accept-Encoding allows.
 * Request bodies are never inflated (uploads are audio; JSON bodies are small).
 */
export const compressionPlugin = fp(async (app: FastifyInstance) => {
  // Registered before the compress plugin's own onRoute hook, so it sees the route's choice.
  app.addHook('onRoute', (route) => {
    if (NEVER_COMPRESSED.has(route.url)) route.compress = false;
  });
  await app.register(fastifyCompress, {
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    globalDecompression: false,
  });
});
