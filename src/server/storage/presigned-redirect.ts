import type { FastifyReply } from 'fastify';
import type { BlobStore } from './blob-store';
import type { ServeOptions } from './serve-blob';

/**
 * How long a presigned media URL works. A media element follows the 302 once and then seeks with
 * Range against the same URL, so it must outlast a pause; a leaked URL stops working soon after.
 * A player whose URL expired asks the stream route again (and is access-checked again).
 */
export const PRESIGNED_URL_SECONDS = 5 * 60;

/**
 * S3_STREAM=redirect (decision 0092): the access check is ours, the bytes are the bucket's. The
 * reply is a 302 to a presigned GET that makes the bucket answer with our Content-Type,
 * Cache-Control and file name; the redirect itself is never cached, since its URL expires.
 */
export async function presignedRedirect(
  reply: FastifyReply,
  store: BlobStore,
  key: string,
  options: ServeOptions,
) {
  if (!store.presignedGetUrl) throw new Error('This store cannot presign URLs');
  const url = await store.presignedGetUrl(key, {
    expiresInSeconds: PRESIGNED_URL_SECONDS,
    contentType: options.contentType,
    cacheControl: options.cacheControl,
    contentDisposition: options.contentDisposition,
  });
  return reply.code(302).header('Cache-Control', 'private, no-store').header('Location', url).send();
}
