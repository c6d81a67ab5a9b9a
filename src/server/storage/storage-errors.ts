export const STORAGE_UNAVAILABLE_MESSAGE =
  'File storage cannot be reached right now. Please try again in a moment.';

const FROM_STORAGE = Symbol.for('journal.fromStorage');

/**
 * Marks an error as raised by the object store's client (its requests, or a body it is sending),
 * so that a refused connection to anything else (the database, an identity provider) is not taken
 * for a storage outage. Only S3BlobStore marks: see isStorageUnavailable for why the local disk
 * does not.
 */
export function markFromStorage(err: unknown): void {
  if (err && typeof err === 'object') (err as Record<symbol, boolean>)[FROM_STORAGE] = true;
}

/** The error and its causes (a missing blob wraps the SDK's error; streams wrap theirs). */
function* causeChain(err: unknown): Generator<Record<string | symbol, unknown>> {
  let current = err;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    yield current as Record<string | symbol, unknown>;
    current = (current as { cause?: unknown }).cause;
  }
}

/** The network could not reach the store, or lost it mid-request. */
const UNREACHABLE_ERRNO = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);
/**
 * The store's own "not now": the SDK's timeout, S3's RequestTimeout (the socket went idle),
 * InternalError (500), ServiceUnavailable and SlowDown (503), and their generic cousins.
 */
const UNAVAILABLE_NAMES = new Set([
  'TimeoutError',
  'RequestTimeout',
  'RequestTimeoutException',
  'InternalError',
  'ServiceUnavailable',
  'SlowDown',
  'ThrottlingException',
]);
/**
 * Replies that mean "the store (or the proxy in front of it) is down or overloaded". 501 is left
 * out: an operation the store does not implement is a configuration problem, and stays a 500.
 */
const UNAVAILABLE_STATUS = new Set([500, 502, 503, 504]);

/**
 * The object store cannot be reached right now (down, unreachable, overloaded): the request gets
 * 503 and a later one will work, as opposed to a bug or a misconfiguration (500: bad credentials,
 * a missing bucket, a refused key). Only errors the store's client marked count. The local disk
 * never marks: EIO, ENOSPC or EACCES there mean a broken or full machine that retrying in five
 * seconds will not mend, and they must reach the error log on every request (decision 0255).
 */
export function isStorageUnavailable(err: unknown): boolean {
  const chain = [...causeChain(err)];
  if (!chain.some((e) => e[FROM_STORAGE] === true)) return false;
  return chain.some((e) => {
    if (typeof e.code === 'string' && UNREACHABLE_ERRNO.has(e.code)) return true;
    if (typeof e.name === 'string' && UNAVAILABLE_NAMES.has(e.name)) return true;
    const status = (e.$metadata as { httpStatusCode?: unknown } | undefined)?.httpStatusCode;
    return typeof status === 'number' && UNAVAILABLE_STATUS.has(status);
  });
}
