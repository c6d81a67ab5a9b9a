import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Compressed pages kept by their text: a few kinds of page, and one per public thing's version. */
const CACHE_ENTRIES = 200;
const cache = new Map<string, { br: Buffer; gzip: Buffer }>();

function compressed(html: string) {
  let found = cache.get(html);
  if (found === undefined) {
    found = {
      br: brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
      gzip: gzipSync(html, { level: 9 }),
    };
    if (cache.size >= CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
    cache.set(html, found);
  } else {
    cache.delete(html);
    cache.set(html, found);
  }
  return found;
}

/** Whether Accept-Encoding names a coding (without `;q=0`). */
function accepts(header: string | string[] | undefined, coding: string): boolean {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  return value.split(',').some((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    return name === coding && !params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p));
  });
}

/**
 * A page made per request (index.html with preview tags or preloads), brotli- or gzip-compressed as
 * Accept-Encoding allows (issue 25, decision 0375): the not-found handler that sends it is not
 * compressed on the fly (decision 0058), and the built files' .br/.gz do not hold the added tags.
 */
export function sendHtml(request: FastifyRequest, reply: FastifyReply, status: number, html: string) {
  reply.code(status).type('text/html; charset=utf-8').header('Vary', 'Accept-Encoding');
  const encoding = request.headers['accept-encoding'];
  if (accepts(encoding, 'br')) return reply.header('Content-Encoding', 'br').send(compressed(html).br);
  if (accepts(encoding, 'gzip')) return reply.header('Content-Encoding', 'gzip').send(compressed(html).gzip);
  return reply.send(html);
}
