import { type QueryClient, useQuery } from '@tanstack/react-query';
import { AUTH_PROBE_HEADER, FIRST_PAINT_ATTRIBUTE, SESSION_USER_ELEMENT_ID } from '../../../shared/constants';
import type { AuthUser } from '../../../shared/schemas/auth';
import { apiFailure } from '../../lib/api-client';

export const AUTH_USER_QUERY_KEY = ['/api/auth/user'] as const;

/**
 * The probe: asked with AUTH_PROBE_HEADER, so a signed-out visitor gets 204 rather than a 401 that
 * the browser would log as an error on every landing page (decision 0370); a 401 still means signed
 * out, and like the `returnNull` query function it does not end a session (decision 0195).
 */
async function fetchAuthUser(): Promise<AuthUser | null> {
  const res = await fetch(AUTH_USER_QUERY_KEY[0], {
    credentials: 'include',
    headers: { [AUTH_PROBE_HEADER]: '1' },
  });
  if (res.status === 204 || res.status === 401) return null;
  if (!res.ok) throw await apiFailure(res);
  return (await res.json()) as AuthUser;
}

/**
 * The signed-in user the server wrote into the page (decision 0380), taken as the probe's answer so
 * the first screen need not wait a round trip for it; read once, then removed, so a later sign-out
 * is never undone by the page's old copy. No element (signed out, or the offline shell): the probe
 * asks as before.
 */
export function takeUserFromPage(client: QueryClient, doc: Document = document): void {
  const element = doc.getElementById(SESSION_USER_ELEMENT_ID);
  if (!element) {
    // The landing already drawn is the server's word that this request had no session (0930).
    if (pageShowsLanding(doc)) client.setQueryData(AUTH_USER_QUERY_KEY, null);
    return;
  }
  element.remove();
  try {
    const user = JSON.parse(element.textContent ?? '') as AuthUser;
    if (user && typeof user === 'object' && typeof user.id === 'string') {
      client.setQueryData(AUTH_USER_QUERY_KEY, user);
    }
  } catch {
    // A page that cannot be read is a page without the user: the probe asks.
  }
}

/**
 * Whether the server sent the landing already drawn in #root (landing.html, decision 0930): it does
 * so only at `/`, to a request without a signed-in session.
 */
export function pageShowsLanding(doc: Document = document): boolean {
  return doc.getElementById('root')?.getAttribute(FIRST_PAINT_ATTRIBUTE) === 'landing';
}

/** Signed in exactly when GET /api/auth/user returns a user; a 401 means signed out (spec section 4). */
export function useAuth() {
  const { data, isLoading } = useQuery<AuthUser | null>({
    queryKey: AUTH_USER_QUERY_KEY,
    queryFn: fetchAuthUser,
    retry: false,
  });
  const user = data ?? null;
  return { user, isLoading, isAuthenticated: user !== null };
}
