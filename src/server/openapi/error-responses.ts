import { apiErrorSchema } from '../../shared/schemas/common';
import type { ResponseHeaders } from './blob-responses';

const apiError = (description: string) => ({
  description,
  content: { 'application/json': { schema: apiErrorSchema } },
});

/**
 * The error replies every documented route declares (decision 0262), under its own: the `4XX` and
 * `5XX` ranges say every error is an `ApiError`; 429 and 503 are named because their replies carry
 * Retry-After and every route can meet them (every route is rate limited, and every one reads the
 * session from the database). A route's own entry for a status wins (the 409 with `processing`,
 * the health check's 503, the sign-in pages' HTML).
 */
export const COMMON_ERROR_REPLIES = {
  '4xx': apiError(
    'Refused, with a message for the person: 400 malformed (a bad field, a bad percent-encoding in the address), ' +
      '401 not signed in, 403 not allowed or no CSRF token, 404 not there or not yours to see, 409 in conflict, ' +
      '410 gone, 413 too large, 414 a path parameter over 100 characters, 415 not a type the route takes',
  ),
  429: apiError('Too many requests from this caller this minute; Retry-After says when to try again'),
  '5xx': apiError('A failure on our side; the message reveals nothing internal'),
  503: apiError('A service the server needs (the database, the file store) cannot be reached; try again'),
};

const retryAfter = { type: 'integer', description: 'Seconds to wait before trying again' } as const;

export const COMMON_ERROR_HEADERS: ResponseHeaders = {
  429: { 'Retry-After': retryAfter },
  503: { 'Retry-After': retryAfter },
};
