import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IMAGE_KINDS, type ImageKind, imageKey } from '../../media/image-variants';
import { blobReplies } from '../../openapi/blob-responses';
import type { BlobStore } from '../../storage/blob-store';
import { serveBlob } from '../../storage/serve-blob';

const params = z.object({
  kind: z.enum(IMAGE_KINDS as [ImageKind, ...ImageKind[]]),
  file: z.string().regex(/^[0-9a-f-]{36}-(128|256)\.webp$/, 'Unknown image'),
});

/**
 * Image variants are public (avatars and covers show on public pages) and their URLs change with
 * every upload, so they can be cached for a year.
 */
export async function imagesRoutes(fastify: FastifyInstance, opts: { store: BlobStore }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Served by serveBlob like audio, so Range and conditional requests get 206, 304 and 416 here too.
  const image = blobReplies({ mediaType: 'image/webp', description: 'The WebP image, cacheable for a year' });
  app.get(
    '/api/images/:kind/:file',
    {
      schema: {
        summary: 'An uploaded image (avatar or cover), 128 or 256 pixels wide',
        tags: ['images'],
        params,
        response: image.response,
        responseHeaders: image.responseHeaders,
      },
    },
    async (request, reply) => {
      const match = request.params.file.match(/^(.+)-(128|256)\.webp$/)!;
      return serveBlob(
        request,
        reply,
        opts.store,
        imageKey(request.params.kind, match[1]!, Number(match[2])),
        {
          contentType: 'image/webp',
          cacheControl: 'public, max-age=31536000, immutable',
        },
      );
    },
  );
}
