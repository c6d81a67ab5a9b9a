import type { ServerResponse } from 'node:http';
import type { FastifyReply } from 'fastify';

type Write = ServerResponse['write'];
type End = ServerResponse['end'];

const chunkBytes = (chunk: unknown, encoding: unknown) =>
  typeof chunk === 'string'
    ? Buffer.byteLength(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
    : chunk instanceof Uint8Array
      ? chunk.byteLength
      : 0;

/**
 * Counts the body bytes of this media reply into journal_streamed_bytes_total as they are handed
 * to the socket (decision 0440): a listener who seeks away after 1 MiB counts 1 MiB, not the file.
 * The response's own write/end are wrapped, so the stream still writes to it directly (the pooled
 * buffers of file-range-stream.ts, decision 0089). Called only where media bytes are sent (not
 * for a 304, 416, nginx offload or a presigned redirect, which send none of ours).
 */
export function countStreamedBytes(reply: FastifyReply): void {
  const counter = reply.server.metrics?.streamedBytes;
  if (!counter) return;
  const raw = reply.raw;
  let bytes = 0;
  const write = raw.write;
  const end = raw.end;
  raw.write = function (this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
    bytes += chunkBytes(chunk, rest[0]);
    return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
  } as Write;
  raw.end = function (this: ServerResponse, chunk?: unknown, ...rest: unknown[]) {
    if (typeof chunk !== 'function') bytes += chunkBytes(chunk, rest[0]);
    return (end as (...args: unknown[]) => ServerResponse).call(this, chunk, ...rest);
  } as End;
  raw.once('close', () => {
    if (bytes > 0) counter.inc(bytes);
  });
}
