import type { ApiErrorBody } from '../../shared/schemas/common';

/**
 * A non-ok reply from the API (issue 15): its status, the server's message and its error name
 * (`{ statusCode, error, message }`, the one error schema every route declares). Thrown by every
 * request of src/client/lib/api-client.ts, so callers ask `err.status`, never the message text.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    /** The HTTP status. */
    readonly status: number,
    message: string,
    /** The error's name from the reply (`'Not Found'`), or the status text. */
    readonly code: string,
    /** True when `message` was written by the server for people (fit for a toast). */
    readonly hasServerMessage: boolean,
    /** The parsed JSON reply, for routes whose errors carry more (a 409's `processing`). */
    readonly body: unknown = undefined,
    /** A 429's or 503's Retry-After in seconds, when the reply said when to try again. */
    readonly retryAfterSeconds: number | undefined = undefined,
  ) {
    super(message);
  }

  /**
   * From a reply's status, body text and Retry-After header: the API's JSON error, a short plain
   * text, or neither.
   */
  static fromReply(status: number, statusText: string, text: string, retryAfter?: string | null): ApiError {
    const fallback = statusText || `Request failed with status ${status}`;
    const wait = retryAfterSeconds(retryAfter);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      // A proxy's page or plain text: not the API's shape.
    }
    if (isApiErrorBody(body) && body.message)
      return new ApiError(status, body.message, body.error, true, body, wait);
    const plain = text.trim();
    // An HTML page (a proxy's 502) or a long text is no message for a person.
    if (body === undefined && plain && !plain.startsWith('<') && plain.length <= 300) {
      return new ApiError(status, plain, fallback, true, undefined, wait);
    }
    return new ApiError(status, fallback, fallback, false, body, wait);
  }

  static async fromResponse(res: Response): Promise<ApiError> {
    const text = await res.text().catch(() => '');
    return ApiError.fromReply(res.status, res.statusText, text, res.headers.get('retry-after'));
  }
}

/** Retry-After as seconds from now: a number of seconds or an HTTP date (RFC 9110 10.2.3). */
function retryAfterSeconds(header: string | null | undefined, now = Date.now()): number | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

/**
 * apiErrorSchema's check by hand: the API client is on every first paint, and importing the schema
 * would put all of zod there (decision 0074).
 */
function isApiErrorBody(body: unknown): body is ApiErrorBody {
  const b = body as Partial<ApiErrorBody> | null;
  return typeof b?.statusCode === 'number' && typeof b.error === 'string' && typeof b.message === 'string';
}

/** The HTTP status of an error from the API, or null for anything else (a network failure). */
export function errorStatus(err: unknown): number | null {
  return err instanceof ApiError ? err.status : null;
}

/**
 * A message fit for a toast: the server's own message when it wrote one, else the caller's
 * fallback (never a status code, an HTML page or a network library's wording).
 */
export function errorMessage(err: unknown, fallback: string): string {
  return err instanceof ApiError && err.hasServerMessage ? err.message : fallback;
}
