import { apiRequest } from '../../lib/api-client';
import { navigateTo } from '../../lib/navigation';

/** Where every sign-in flow lands: the app then finishes the session (see use-auth-success). */
export const AUTH_SUCCESS_URL = '/?auth=success';

/** The browser goes to the server, which runs the Google flow and comes back to AUTH_SUCCESS_URL. */
export function signInWithGoogle(pendingInviteCode?: string): void {
  const query = pendingInviteCode ? `?pendingInvite=${encodeURIComponent(pendingInviteCode)}` : '';
  navigateTo(`/api/supabase/auth${query}`);
}

/** Creates the demo user's session; returns the server's reply for display. */
export async function createDemoSession(): Promise<unknown> {
  const res = await apiRequest('POST', '/api/auth/demo-session');
  return res.json().catch(() => null);
}

/** Demo sign-in from the landing and join pages: a full reload so every query starts signed in. */
export async function continueAsDemoUser(): Promise<void> {
  await createDemoSession();
  navigateTo(AUTH_SUCCESS_URL);
}
