import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import type { AuthUser } from '../../../shared/schemas/auth';
import { toast } from '../../components/ui/use-toast';
import { takePendingInvite } from '../../entities/invite/pending-invite';
import { apiRequest, errorMessage, errorStatus } from '../../lib/api-client';
import { reloadPage } from '../../lib/navigation';

/**
 * Asks GET /api/invite/{code} whether a pending invite still stands: undefined if so (or if the
 * answer is anything but 404/410: the join page will tell), else the server's reason.
 */
async function deadInviteReason(invitePath: string): Promise<string | undefined> {
  try {
    await apiRequest('GET', `/api/invite/${invitePath.slice('/join/'.length)}`);
    return undefined;
  } catch (err) {
    const status = errorStatus(err);
    return status === 404 || status === 410 ? errorMessage(err, 'Invalid invite link') : undefined;
  }
}

function readAuthParams(): { authSuccess: boolean; handoff: string | null } {
  const params = new URLSearchParams(window.location.search);
  return { authSuccess: params.get('auth') === 'success', handoff: params.get('handoff') };
}

/** Drop auth and handoff from the address without a navigation: the hand-off token is one-time. */
function stripAuthParams(): void {
  const url = new URL(window.location.href);
  url.searchParams.delete('auth');
  url.searchParams.delete('handoff');
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}

/**
 * Spec section 2: sign-in flows come back to `/?auth=success` (with `handoff`, a one-time token,
 * when the server issued one). If the session cookie did not make it (e.g. it was set on another
 * origin during the redirect), POST /api/auth/manual-session turns the hand-off into a session and
 * the page reloads. Signed-in visitors only get the parameters removed. Runs once per page load.
 * Returns true while the hand-off is under way, so the caller can keep showing the loading screen.
 */
export function useAuthSuccess(user: AuthUser | null, isLoading: boolean): boolean {
  const [, navigate] = useLocation();
  const [pending, setPending] = useState(() => readAuthParams().authSuccess);
  const started = useRef(false);

  useEffect(() => {
    if (isLoading || started.current) return;
    started.current = true;
    const { authSuccess, handoff } = readAuthParams();
    if (!authSuccess) return;
    stripAuthParams();
    if (user) {
      setPending(false);
      return;
    }
    apiRequest('POST', '/api/auth/manual-session', handoff ? { handoff } : {}).then(
      () => reloadPage(),
      (err: unknown) => {
        setPending(false);
        toast({
          variant: 'destructive',
          title: 'Error',
          description: errorMessage(err, 'Sign-in could not be completed'),
        });
      },
    );
  }, [user, isLoading]);

  // Back from signing in to accept an invite: resume it (spec section 4, pending invite), unless
  // it turns out dead (issue 23): then the journal stays, and a toast says why (decision 0287).
  useEffect(() => {
    if (!user) return;
    const invite = takePendingInvite();
    // Already there (the Google flow lands on the join page itself): that page tells.
    if (!invite || invite === window.location.pathname) return;
    void deadInviteReason(invite).then((reason) => {
      if (reason === undefined) navigate(invite, { replace: true });
      else toast({ variant: 'destructive', title: 'Invalid invite link', description: reason });
    });
  }, [user, navigate]);

  return pending && !user;
}
