import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { toast } from '../../components/ui/use-toast';
import { AUTH_USER_QUERY_KEY } from '../../entities/user/use-auth';
import { apiRequest, resetCsrfToken } from '../../lib/api-client';
import { forgetOfflineData } from '../offline';

/**
 * After the server ended the session (sign-out, account deletion): forget everything cached for
 * this user and go home.
 */
export function useForgetSignedInUser() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return () => {
    // The server destroyed the session, and with it the token's secret.
    resetCsrfToken();
    // Drop every other user's-data query, but keep the auth query observed (set to null) so
    // the app re-renders signed out at once instead of refetching.
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== AUTH_USER_QUERY_KEY[0] });
    queryClient.setQueryData(AUTH_USER_QUERY_KEY, null);
    // The journal kept for offline use and the downloads are this user's too (issue 25).
    forgetOfflineData();
    navigate('/');
  };
}

/** POST /api/auth/logout, then forget everything cached for this user and go home. */
export function useSignOut() {
  const forget = useForgetSignedInUser();
  return useMutation({
    mutationFn: () => apiRequest('POST', '/api/auth/logout'),
    onSuccess: forget,
    onError: () => {
      toast({ variant: 'destructive', title: 'Error', description: 'Failed to logout' });
    },
  });
}
