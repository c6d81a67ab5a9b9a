import { useQueryClient } from '@tanstack/react-query';
import { Info } from 'lucide-react';
import { useEffect, useSyncExternalStore } from 'react';
import { useLocation } from 'wouter';
import { SESSION_ENDED_MESSAGE } from '../../../shared/constants';
import type { AuthUser } from '../../../shared/schemas/auth';
import { AUTH_USER_QUERY_KEY } from '../../entities/user/use-auth';
import { onSessionEnded, resetCsrfToken } from '../../lib/api-client';

// Whether the landing page says the session ended: a flag outside the query cache, which the
// handler empties. A banner rather than a toast: the request that failed usually has an error toast
// of its own, which would replace a toast (one at a time, spec section 9).
let noticeShown = false;
const listeners = new Set<() => void>();
function setNotice(shown: boolean) {
  if (noticeShown === shown) return;
  noticeShown = shown;
  for (const listener of listeners) listener();
}
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/**
 * The one place that handles a 401 (issue 15): a request that needed the session was refused, so
 * the session ended (expired, signed out in another tab, removed on the server). Everything cached
 * for the user goes, the app renders signed out, and the landing page says why. A 401 while
 * already signed out (the GET /api/auth/user probe answers null instead, and a sign-in hand-off
 * that found nothing) changes nothing. Mounted once, by the app's routes.
 */
export function useSessionEndedHandler(user: AuthUser | null) {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  useEffect(
    () =>
      onSessionEnded(() => {
        if (!queryClient.getQueryData(AUTH_USER_QUERY_KEY)) return;
        resetCsrfToken();
        // As on sign-out (use-sign-out.ts): drop every other query, keep the auth query observed
        // and set it to null, so the app re-renders signed out at once instead of refetching.
        queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== AUTH_USER_QUERY_KEY[0] });
        queryClient.setQueryData(AUTH_USER_QUERY_KEY, null);
        setNotice(true);
        navigate('/');
      }),
    [queryClient, navigate],
  );
  // Signed in again: the notice has done its job.
  useEffect(() => {
    if (user) setNotice(false);
  }, [user]);
}

/** The landing page's notice after a session ended; nothing otherwise. */
export function SessionEndedNotice() {
  // Drawn at build time too (landing-first-paint.tsx), where no session has ended.
  const shown = useSyncExternalStore(
    subscribe,
    () => noticeShown,
    () => false,
  );
  if (!shown) return null;
  return (
    <p
      role="status"
      className="mt-6 flex items-start gap-2 rounded-lg border border-primary/40 bg-primary/10 p-3 text-left text-sm"
    >
      <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>{SESSION_ENDED_MESSAGE}</span>
    </p>
  );
}
