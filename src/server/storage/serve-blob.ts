import { PassThrough, type Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { countStreamedBytes } from '../observability/response-bytes';
import { notFound } from '../plugins/errors';
import type { BlobStore } from './blob-store';
import { readRangeHeader } from './byte-range';
import { FileRangeStream } from './file-range-stream';
import { isStorageUnavailable } from './storage-errors';

export interface ServeOptions {
  contentType: string;
  /** Cache-Control for this blob: access-checked audio is private; public images can be immutable. */
  cacheControl: string;
  /** e.g. an attachment with the original file name (GET /api/tracks/{id}/original). */
  contentDisposition?: string;
  /** Count the body into journal_streamed_bytes_total (media, not pictures: decision 0440). */
  countStreamed?: boolean;
}

/**
 * Streams a blob with HTTP caching and byte ranges (byte-range.ts): 200 or 206, 416 past the end,
 * 304 on a matching ETag or unchanged Last-Modified. Nothing is buffered: the store's read stream
 * is piped to the socket.
 */
export async function serveBlob(
  request: FastifyRequest,
  reply: FastifyReply,
  store: BlobStore,
  key: string,
  options: ServeOptions,
) {
  const info = await store.stat(key);
  if (!info) throw notFound('File not found');
  const etag = `"${info.size.toString(16)}-${Math.floor(info.modifiedAt.getTime()).toString(16)}"`;
  const lastModified = new Date(Math.floor(info.modifiedAt.getTime() / 1000) * 1000);

  reply
    .header('Accept-Ranges', 'bytes')
    .header('ETag', etag)
    .header('Last-Modified', lastModified.toUTCString())
    .header('Cache-Control', options.cacheControl)
    .header('Content-Type', options.contentType);
  if (options.contentDisposition) reply.header('Content-Disposition', options.contentDisposition);

  if (notModified(request, etag, lastModified)) return reply.code(304).send();

  const rangeHeader = request.headers.range;
  const ifRange = request.headers['if-range'];
  // If-Range: the client's partial copy is stale, so send the whole thing.
  const rangeApplies =
    rangeHeader && (!ifRange || ifRange === etag || ifRange === lastModified.toUTCString());
  const answer = rangeApplies ? readRangeHeader(info.size, rangeHeader) : { kind: 'whole' as const };
  if (answer.kind === 'unsatisfiable') {
    return reply
      .code(416)
      .header('Content-Range', `bytes */${info.size}`)
      .header('Content-Type', 'application/json')
      .send({
        statusCode: 416,
        error: 'Range Not Satisfiable',
        message: `The range ${rangeHeader} is outside the ${info.size}-byte file`,
      });
  }
  if (answer.kind === 'partial') {
    const { start, end } = answer.range;
    reply
      .code(206)
      .header('Content-Range', `bytes ${start}-${end}/${info.size}`)
      .header('Content-Length', end - start + 1);
    if (options.countStreamed) countStreamedBytes(reply);
    return reply.send(endsQuietlyOnOutage(reply, await store.createReadStream(key, answer.range)));
  }
  reply.code(200).header('Content-Length', info.size);
  if (options.countStreamed) countStreamedBytes(reply);
  return reply.send(endsQuietlyOnOutage(reply, await store.createReadStream(key)));
}

/**
 * The store's stream, except when the store is lost after the status was sent: the reply cannot
 * become a 503 then, so it is cut short (the player sees a dropped connection and asks again) and
 * nothing more is logged; the store's watch has logged the outage once. Otherwise Fastify would
 * warn for every stream open at that moment (decision 0256). Before the status, the error goes on
 * to the error handler (503) as ever.
 */
function endsQuietlyOnOutage(reply: FastifyReply, body: Readable): Readable {
  // The local disk has no outages (storage-errors.ts), and its stream writes to the response with
  // pooled buffers only when piped to it directly (decision 0089): it goes as it is.
  if (body instanceof FileRangeStream) return body;
  const out = new PassThrough();
  body.on('error', (err) => {
    if (reply.raw.headersSent && isStorageUnavailable(err)) {
      reply.raw.destroy();
      out.destroy();
    } else {
      out.destroy(err);
    }
  });
  // A listener who goes away (a seek) frees the store's connection too.
  out.on('close', () => body.destroy());
  body.pipe(out);
  return out;
}

function notModified(request: FastifyRequest, etag: string, lastModified: Date): boolean {
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch) return ifNoneMatch.split(',').some((tag) => tag.trim() === etag || tag.trim() === '*');
  const ifModifiedSince = request.headers['if-modified-since'];
  if (ifModifiedSince) {
    const since = Date.parse(ifModifiedSince);
    return !Number.isNaN(since) && lastModified.getTime() <= since;
  }
  return false;
}
