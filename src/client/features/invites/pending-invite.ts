import { PENDING_INVITE_STORAGE_KEY } from '../../../shared/constants';

// A signed-out visitor of /join/{code} leaves the app to sign in; the invite URL is kept in local
// storage (spec section 4) so the app can bring them back to it once they are signed in.

const INVITE_PATH = /^\/join\/[^/?#]+$/;

export function rememberPendingInvite(code: string): void {
  try {
    localStorage.setItem(PENDING_INVITE_STORAGE_KEY, `/join/${encodeURIComponent(code)}`);
  } catch {
    // Storage can be unavailable (private mode, quota); the invite then simply is not resumed.
  }
}

/** Returns the pending invite path once and forgets it; ignores anything that is not a join path. */
export function takePendingInvite(): string | null {
  try {
    const value = localStorage.getItem(PENDING_INVITE_STORAGE_KEY);
    if (value === null) return null;
    localStorage.removeItem(PENDING_INVITE_STORAGE_KEY);
    return INVITE_PATH.test(value) ? value : null;
  } catch {
    return null;
  }
}

export function clearPendingInvite(): void {
  try {
    localStorage.removeItem(PENDING_INVITE_STORAGE_KEY);
  } catch {
    // See rememberPendingInvite.
  }
}
