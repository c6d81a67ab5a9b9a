import type { FastifyReply } from 'fastify';
import type { ServeOptions } from './serve-blob';

/** nginx's internal location for stored files: `location /_protected/ { internal; alias DATA_DIR/files/; }`. */
export const ACCEL_PREFIX = '/_protected/';

/**
 * STREAM_OFFLOAD=nginx (decision 0069): the access check is ours, the bytes are nginx's. The reply
 * carries no body, only X-Accel-Redirect to the blob under the internal location; nginx then serves
 * the file with sendfile, Range, 206/416 and its own ETag and Last-Modified, and keeps the
 * Content-Type, Content-Disposition and Cache-Control set here (it passes those through from the
 * upstream reply). Keys are our own, but each segment is escaped so nothing in one can reach
 * another location.
 */
export function accelRedirect(reply: FastifyReply, key: string, options: ServeOptions) {
  const uri = ACCEL_PREFIX + key.split('/').map(encodeURIComponent).join('/');
  reply
    .code(200)
    .header('X-Accel-Redirect', uri)
    .header('Cache-Control', options.cacheControl)
    .header('Content-Type', options.contentType);
  if (options.contentDisposition) reply.header('Content-Disposition', options.contentDisposition);
  return reply.send();
}
