/**
 * How long a session row lives (decision 0034). Anonymous sessions exist only to hold a CSRF secret
 * or an OpenID Connect transaction for the minutes a sign-in takes, so a script calling
 * GET /api/auth/csrf-token in a loop leaves rows that are gone within the hour. Signed-in sessions
 * end after two weeks without use, and after 30 days whatever happens.
 */
export const ANONYMOUS_SESSION_TTL_MS = 60 * 60 * 1000;
export const SESSION_IDLE_TIMEOUT_MS = 14 * 24 * 60 * 60 * 1000;
export const SESSION_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
/** A signed-in session's last-seen time is written at most this often (one row write per hour). */
export const SESSION_TOUCH_INTERVAL_MS = 60 * 60 * 1000;

export interface SessionTimes {
  userId?: unknown;
  signedInAt?: unknown;
  lastSeenAt?: unknown;
  cookie?: { expires?: string | Date | null } | null;
}

const asTime = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

/** When the stored session stops being valid. */
export function sessionExpiry(sess: SessionTimes, now = Date.now()): Date {
  if (!sess.userId) return new Date(now + ANONYMOUS_SESSION_TTL_MS);
  const signedInAt = asTime(sess.signedInAt);
  const lastSeenAt = asTime(sess.lastSeenAt) ?? signedInAt;
  if (signedInAt !== undefined && lastSeenAt !== undefined) {
    return new Date(Math.min(signedInAt + SESSION_MAX_AGE_MS, lastSeenAt + SESSION_IDLE_TIMEOUT_MS));
  }
  // Rows written before these fields existed: the cookie's own expiry.
  const cookieExpires = sess.cookie?.expires ? new Date(sess.cookie.expires) : undefined;
  return cookieExpires && !Number.isNaN(cookieExpires.getTime())
    ? cookieExpires
    : new Date(now + SESSION_IDLE_TIMEOUT_MS);
}

/** Whether a signed-in request should record that the session was used. */
export const shouldTouch = (lastSeenAt: unknown, now = Date.now()) =>
  now - (asTime(lastSeenAt) ?? 0) >= SESSION_TOUCH_INTERVAL_MS;
