import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/errors';
import { isStorageUnavailable, STORAGE_UNAVAILABLE_MESSAGE } from '../storage/storage-errors';

/** An error whose message is safe to show the caller, with its HTTP status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const notFound = (what = 'Not found') => new HttpError(404, what);
export const badRequest = (message: string) => new HttpError(400, message);
export const forbidden = (message = 'Forbidden') => new HttpError(403, message);

export const DATABASE_UNAVAILABLE_MESSAGE =
  'The database cannot be reached right now. Please try again in a moment.';

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  410: 'Gone',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  416: 'Range Not Satisfiable',
  429: 'Too Many Requests',
  503: 'Service Unavailable',
};

/**
 * Every error leaves as JSON { statusCode, error, message }. Client mistakes keep their message;
 * anything unexpected is logged and answered with a plain 500 that reveals nothing internal.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      const field = first?.instancePath?.replace(/^\//, '').replace(/\//g, '.');
      const message = first ? `${field ? `${field}: ` : ''}${first.message}` : 'Invalid request';
      return reply.code(400).send({ statusCode: 400, error: 'Bad Request', message });
    }
    if (isDatabaseUnavailable(err)) {
      // An outage, not a bug: say so, and when to try again. The pool reconnects on its own.
      request.log.warn({ err }, 'Database unavailable');
      return reply
        .code(503)
        .header('Retry-After', '5')
        .send({ statusCode: 503, error: 'Service Unavailable', message: DATABASE_UNAVAILABLE_MESSAGE });
    }
    if (isStorageUnavailable(err)) {
      // As for the database, an outage: 503 and when to retry. Logged once per outage by the store's
      // watch (storage/outage-watch.ts), not here per request (decisions 0255-0257).
      request.log.debug({ err }, 'Storage unavailable');
      return reply
        .code(503)
        .header('Retry-After', '5')
        .send({ statusCode: 503, error: 'Service Unavailable', message: STORAGE_UNAVAILABLE_MESSAGE });
    }
    const status = err.statusCode ?? 500;
    if (status >= 500 && err instanceof HttpError) {
      // A server-side refusal we chose to make (e.g. 503 while a capacity is reached): its message
      // is written for the caller.
      request.log.warn({ err }, 'Request refused');
      return reply
        .code(status)
        .send({ statusCode: status, error: STATUS_TEXT[status] ?? 'Error', message: err.message });
    }
    if (status >= 500) {
      request.log.error({ err }, 'Request failed');
      return reply
        .code(500)
        .send({ statusCode: 500, error: 'Internal Server Error', message: 'Something went wrong' });
    }
    return reply
      .code(status)
      .send({ statusCode: status, error: STATUS_TEXT[status] ?? 'Error', message: err.message });
  });
});
