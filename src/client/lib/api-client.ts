import type { QueryFunction } from '@tanstack/react-query';
import { ApiError } from './api-error';

export { ApiError, errorMessage, errorStatus } from './api-error';

// The HTTP contract of spec sections 7 and 8: every mutation carries the session's CSRF token,
// every call sends cookies, and any non-ok reply becomes an ApiError (status, message, error name).

const CSRF_URL = '/api/auth/csrf-token';

let csrfToken: string | null = null;
// Shared while in flight so two mutations started together still fetch the token only once.
let csrfRequest: Promise<string> | null = null;
/** The largest journal revision a write's reply named (noteJournalRevision below). */
let journalRevision = 0;

/** Forget the cached token: the server rotates the session (and its token) on sign-in and sign-out. */
export function resetCsrfToken(): void {
  csrfToken = null;
  csrfRequest = null;
  // Another session may be another person, whose journal has revisions of its own.
  journalRevision = 0;
}

/**
 * Read-your-writes for the journal list across server instances (issue 48): every write's reply
 * names the journal's revision after it, and the next read of the list sends back the largest
 * seen, so whichever instance answers includes this browser's own writes even before it has heard
 * of them from the database. The whole list and a first page's counts are kept per revision
 * (decisions 0084 and 0900): any GET of /api/tracks, with or without a query, sends it.
 */
const JOURNAL_REVISION_HEADER = 'x-journal-revision';
const JOURNAL_LIST = '/api/tracks';

function noteJournalRevision(value: string | null): void {
  const revision = value && /^\d{1,15}$/.test(value) ? Number(value) : 0;
  if (revision > journalRevision) journalRevision = revision;
}

/** The headers of a GET of `url`: the journal revision on a read of the list (a page, filtered or not). */
function readHeaders(url: string): Record<string, string> {
  const path = url.split('?', 1)[0];
  return path === JOURNAL_LIST && journalRevision > 0
    ? { [JOURNAL_REVISION_HEADER]: String(journalRevision) }
    : {};
}

async function fetchCsrfToken(): Promise<string> {
  let res: Response;
  try {
    res = await fetch(CSRF_URL, { credentials: 'include' });
  } catch {
    throw new Error('Failed to fetch CSRF token');
  }
  if (!res.ok) throw new Error('Failed to fetch CSRF token');
  const body = (await res.json().catch(() => null)) as { csrfToken?: unknown } | null;
  if (typeof body?.csrfToken !== 'string') throw new Error('Failed to fetch CSRF token');
  return body.csrfToken;
}

/** Fetches the session's CSRF token ahead of a request that may have to go as the page is left. */
export const prefetchCsrfToken = (): Promise<void> =>
  getCsrfToken().then(
    () => undefined,
    () => undefined,
  );

async function getCsrfToken(): Promise<string> {
  if (csrfToken) return csrfToken;
  if (!csrfRequest) {
    const request = fetchCsrfToken();
    csrfRequest = request;
    request.then(
      (token) => {
        // Only keep it if nobody reset the cache while it was in flight.
        if (csrfRequest === request) csrfToken = token;
      },
      () => {
        if (csrfRequest === request) csrfRequest = null;
      },
    );
  }
  return csrfRequest;
}

type SessionEndedListener = () => void;
const sessionEndedListeners = new Set<SessionEndedListener>();

/**
 * Called on every 401 from a request that expected a session (all but the GET /api/auth/user
 * probe, which is how signed-out is told apart). The app's one handler is useSessionEnded.
 */
export function onSessionEnded(listener: SessionEndedListener): () => void {
  sessionEndedListeners.add(listener);
  return () => sessionEndedListeners.delete(listener);
}

/** The ApiError of a non-ok reply; a 401 also tells the session-ended listeners. */
export async function apiFailure(res: Response): Promise<ApiError> {
  return failed(await ApiError.fromResponse(res));
}

function failed(err: ApiError): ApiError {
  if (err.status === 401 && !isPasswordRequired(err))
    for (const listener of [...sessionEndedListeners]) listener();
  return err;
}

/**
 * A share link's 401 `{ passwordRequired: true }` (issue 45): the link wants its password, the
 * session is fine. Checked by hand, as isApiErrorBody: no zod on the first paint.
 */
export const isPasswordRequired = (err: unknown): boolean =>
  err instanceof ApiError && (err.body as { passwordRequired?: unknown } | null)?.passwordRequired === true;

async function throwIfResNotOk(res: Response): Promise<void> {
  if (!res.ok) throw await apiFailure(res);
}

const SAFE_METHODS = new Set(['GET', 'HEAD']);

/**
 * `keepalive` lets the request outlive the page (sent while it is being left); the browser caps such
 * bodies at 64 KiB in flight.
 */
export async function apiRequest(
  method: string,
  url: string,
  data?: unknown,
  { keepalive = false }: { keepalive?: boolean } = {},
): Promise<Response> {
  const verb = method.toUpperCase();
  const headers: Record<string, string> = {};
  let body: BodyInit | undefined;

  if (!SAFE_METHODS.has(verb)) headers['x-csrf-token'] = await getCsrfToken();
  else Object.assign(headers, readHeaders(url));

  if (data instanceof FormData) {
    // No Content-Type: the browser must add the multipart boundary itself.
    body = data;
  } else if (data !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(data);
  }

  let res = await fetch(url, { method: verb, headers, body, credentials: 'include', keepalive });
  if (headers['x-csrf-token'] && (await isCsrfRefusal(res))) {
    // The session behind the cached token is gone (an anonymous session lives an hour; the server
    // may have signed this browser out): fetch a token for the current session and send once more.
    resetCsrfToken();
    headers['x-csrf-token'] = await getCsrfToken();
    res = await fetch(url, { method: verb, headers, body, credentials: 'include', keepalive });
  }
  await throwIfResNotOk(res);
  noteJournalRevision(res.headers.get(JOURNAL_REVISION_HEADER));
  return res;
}

/** A 403 from the CSRF check itself (not a permission refusal), read without consuming the body. */
async function isCsrfRefusal(res: Response): Promise<boolean> {
  if (res.status !== 403) return false;
  return isCsrfError(await ApiError.fromResponse(res.clone()));
}

/** @fastify/csrf-protection's two refusals: the token is wrong, or the session that held its secret is gone. */
const isCsrfError = (err: unknown) =>
  err instanceof ApiError &&
  err.status === 403 &&
  (err.message === 'Invalid csrf token' || err.message === 'Missing csrf secret');

type UnauthorizedBehavior = 'returnNull' | 'throw';

export function getQueryFn<T>(options: { on401: 'returnNull' }): QueryFunction<T | null>;
export function getQueryFn<T>(options: { on401: 'throw' }): QueryFunction<T>;
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey }) => {
    const url = queryKey.join('/');
    const headers = readHeaders(url);
    const res = await fetch(
      url,
      Object.keys(headers).length > 0 ? { credentials: 'include', headers } : { credentials: 'include' },
    );
    if (on401 === 'returnNull' && res.status === 401) return null;
    await throwIfResNotOk(res);
    return (await res.json()) as T;
  };
}

/**
 * POSTs multipart `formData` and reports upload progress (0 to 100), which fetch cannot do. Same
 * contract as apiRequest: cookies, the cached CSRF token, no Content-Type (the browser adds the
 * multipart boundary) and an ApiError on a non-ok reply. Resolves to
 * the parsed JSON reply (or null when the body is empty).
 */
export async function uploadWithProgress<T = unknown>(
  url: string,
  formData: FormData,
  onProgress?: (percent: number) => void,
): Promise<T> {
  try {
    return await sendWithProgress<T>(url, formData, await getCsrfToken(), onProgress);
  } catch (err) {
    // Same recovery as apiRequest when the cached token's session has gone away.
    if (!isCsrfError(err)) throw err;
    resetCsrfToken();
    return sendWithProgress<T>(url, formData, await getCsrfToken(), onProgress);
  }
}

function sendWithProgress<T>(
  url: string,
  formData: FormData,
  token: string,
  onProgress?: (percent: number) => void,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('x-csrf-token', token);
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) {
        onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
      }
    });
    xhr.addEventListener('load', () => {
      const text = typeof xhr.responseText === 'string' ? xhr.responseText : '';
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(
          failed(ApiError.fromReply(xhr.status, xhr.statusText, text, xhr.getResponseHeader('Retry-After'))),
        );
        return;
      }
      onProgress?.(100);
      noteJournalRevision(xhr.getResponseHeader(JOURNAL_REVISION_HEADER));
      try {
        resolve((text ? JSON.parse(text) : null) as T);
      } catch {
        reject(ApiError.fromReply(xhr.status, xhr.statusText, text));
      }
    });
    xhr.addEventListener('error', () => reject(new Error('Network error while uploading')));
    xhr.addEventListener('abort', () => reject(new Error('Upload aborted')));
    xhr.send(formData);
  });
}
