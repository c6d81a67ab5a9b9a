import { PENDING_INVITE_STORAGE_KEY } from '../../../shared/constants';

// A signed-out visitor of /join/{code} leaves the app to sign in; the invite URL is kept in local
// storage (spec section 4) so the app can bring them back to it once they are signed in.

const INVITE_PATH = /^\/join\/[^/?#]+$/;
/** When the invite was remembered, beside the spec's key (whose value stays the plain path). */
const SAVED_AT_KEY = `${PENDING_INVITE_STORAGE_KEY}SavedAt`;
/**
 * A sign-in that comes later than this is not the one the invite was opened for (issue 23): a
 * visitor who looked at a link and left must not be sent to it days later (decision 0287).
 */
export const PENDING_INVITE_MAX_AGE_MS = 60 * 60 * 1000;

export function rememberPendingInvite(code: string, now = Date.now()): void {
  try {
    localStorage.setItem(PENDING_INVITE_STORAGE_KEY, `/join/${encodeURIComponent(code)}`);
    localStorage.setItem(SAVED_AT_KEY, String(now));
  } catch {
    // Storage can be unavailable (private mode, quota); the invite then simply is not resumed.
  }
}

/**
 * Returns the pending invite path once and forgets it; ignores anything that is not a join path,
 * and one remembered more than an hour ago. A path without a time (kept by an earlier version of
 * the app, or set by hand) is taken: the server still says whether it is valid.
 */
export function takePendingInvite(now = Date.now()): string | null {
  try {
    const value = localStorage.getItem(PENDING_INVITE_STORAGE_KEY);
    const savedAt = localStorage.getItem(SAVED_AT_KEY);
    clearPendingInvite();
    if (value === null || !INVITE_PATH.test(value)) return null;
    if (savedAt !== null && !(now - Number(savedAt) <= PENDING_INVITE_MAX_AGE_MS)) return null;
    return value;
  } catch {
    return null;
  }
}

export function clearPendingInvite(): void {
  try {
    localStorage.removeItem(PENDING_INVITE_STORAGE_KEY);
    localStorage.removeItem(SAVED_AT_KEY);
  } catch {
    // See rememberPendingInvite.
  }
}
