/** PostgreSQL's unique_violation (23505), as raised through drizzle by either driver. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return (e.cause?.code ?? e.code) === '23505';
}

/** The error and its causes (drizzle wraps the driver's error in DrizzleQueryError.cause). */
function* causeChain(err: unknown): Generator<{ code?: unknown; message?: unknown }> {
  let current = err;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    yield current as { code?: unknown; message?: unknown };
    current = (current as { cause?: unknown }).cause;
  }
}

/**
 * SQLSTATEs of a server that is going away or not there yet: admin/crash shutdown and
 * cannot_connect_now (57P0x), connection exceptions (08xxx), too_many_connections (53300).
 */
const UNAVAILABLE_SQLSTATE = /^(57P0[1-4]|08\d{3}|53300)$/;
const UNAVAILABLE_ERRNO = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);
/** pg's own wording for a connection that ended or could not be had in time. */
const UNAVAILABLE_MESSAGE =
  /Connection terminated|not queryable|timeout exceeded when trying to connect|connection timeout|Client has encountered a connection error/i;

const FROM_DATABASE = Symbol.for('journal.fromDatabase');

/** Marks an error as raised by the database driver (so a network error elsewhere is not taken for one). */
export function markFromDatabase(err: unknown): void {
  if (err && typeof err === 'object') (err as Record<symbol, boolean>)[FROM_DATABASE] = true;
}

/** Rejection handler: marks the error as the database's and rethrows it. */
export function fromDatabase(err: unknown): never {
  markFromDatabase(err);
  throw err;
}

const raisedByDatabase = (err: unknown) =>
  [...causeChain(err)].some(
    (e) =>
      (e as Record<symbol, unknown>)[FROM_DATABASE] === true || (e as Error).name === 'DrizzleQueryError',
  );

/**
 * The database cannot be reached right now (down, restarting, failing over, connection lost):
 * the request should get 503 and a later one will work, as opposed to a bug (500). Only errors the
 * database driver raised count: a refused connection to anything else (an identity provider, an
 * object store) is not a database outage.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  if (!raisedByDatabase(err)) return false;
  for (const e of causeChain(err)) {
    if (typeof e.code === 'string' && (UNAVAILABLE_SQLSTATE.test(e.code) || UNAVAILABLE_ERRNO.has(e.code))) {
      return true;
    }
    if (typeof e.message === 'string' && UNAVAILABLE_MESSAGE.test(e.message)) return true;
  }
  return false;
}

/**
 * The backend was terminated (pg_terminate_backend, shutdown) before it ran the statement: an
 * autocommit statement that got this answer did not happen, so it is safe to send again.
 */
export function isRetryableTermination(err: unknown): boolean {
  for (const e of causeChain(err)) {
    if (e.code === '57P01' || e.code === '57P02') return true;
  }
  return false;
}
