import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/errors';
import { isStorageUnavailable, STORAGE_UNAVAILABLE_MESSAGE } from '../storage/storage-errors';
import { restoreSecurityHeaders } from './security-headers';

/** An error whose message is safe to show the caller, with its HTTP status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** Headers the answer carries, e.g. a 429's Retry-After. */
    readonly headers?: Record<string, string>,
    /**
     * Keys the body carries beside the contract's three, for the few errors whose route documents
     * them (a password link's 401 `passwordRequired`, decision 0702).
     */
    readonly extra?: Record<string, unknown>,
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

/** The status's name as RFC 9110 gives it (node's table), e.g. 414 'URI Too Long' (decision 0260). */
export const statusText = (status: number) => STATUS_CODES[status] ?? 'Error';

/** The one error body of the contract (`ApiError`): these three keys and no others. */
export const errorBody = (statusCode: number, message: string) => ({
  statusCode,
  error: statusText(statusCode),
  message,
});

/**
 * Errors Fastify's router raises before any route (and so before the error handler and every hook)
 * runs: Fastify's own replies carry a `code` the contract forbids, and call a 414 'Bad Request'.
 * Given to Fastify as `frameworkErrors` (app.ts; decision 0260). The messages name the problem,
 * not the path: a 414's path is long by definition, and echoing it helps nobody.
 */
export function frameworkErrorReply(err: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status = err.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : err.code === 'FST_ERR_BAD_URL' ? 400 : 500;
  const message =
    status === 414
      ? 'A part of the address is too long'
      : status === 400
        ? 'The address is not valid: it has a malformed percent-encoding'
        : 'Something went wrong';
  if (status === 500) request.log.error({ err }, 'Request failed in the router');
  return reply.code(status).type('application/json; charset=utf-8').send(errorBody(status, message));
}

/**
 * Every error leaves as JSON { statusCode, error, message }. Client mistakes keep their message;
 * anything unexpected is logged and answered with a plain 500 that reveals nothing internal.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    // An error is never a page other sites may frame, even where the page it replaces was.
    restoreSecurityHeaders(reply);
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      const field = first?.instancePath?.replace(/^\//, '').replace(/\//g, '.');
      const message = first ? `${field ? `${field}: ` : ''}${first.message}` : 'Invalid request';
      return reply.code(400).send(errorBody(400, message));
    }
    if (isDatabaseUnavailable(err)) {
      // An outage, not a bug: say so, and when to try again. The pool reconnects on its own.
      request.log.warn({ err }, 'Database unavailable');
      return reply.code(503).header('Retry-After', '5').send(errorBody(503, DATABASE_UNAVAILABLE_MESSAGE));
    }
    if (isStorageUnavailable(err)) {
      // As for the database, an outage: 503 and when to retry. Logged once per outage by the store's
      // watch (storage/outage-watch.ts), not here per request (decisions 0255-0257).
      request.log.debug({ err }, 'Storage unavailable');
      return reply.code(503).header('Retry-After', '5').send(errorBody(503, STORAGE_UNAVAILABLE_MESSAGE));
    }
    const status = err.statusCode ?? 500;
    if (status >= 500 && err instanceof HttpError) {
      // A server-side refusal we chose to make (e.g. 503 while a capacity is reached): its message
      // is written for the caller.
      request.log.warn({ err }, 'Request refused');
      return reply.code(status).send(errorBody(status, err.message));
    }
    if (status >= 500) {
      request.log.error({ err }, 'Request failed');
      return reply.code(500).send(errorBody(500, 'Something went wrong'));
    }
    if (err instanceof HttpError && err.headers) reply.headers(err.headers);
    const extra = err instanceof HttpError ? err.extra : undefined;
    return reply.code(status).send({ ...errorBody(status, err.message), ...extra });
  });
});
