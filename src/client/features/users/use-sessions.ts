import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { countOf } from '../../../shared/format';
import type { SecurityEvent, SignedOutOthers, UserSession } from '../../../shared/schemas/sessions';
import { toast } from '../../components/ui/use-toast';
import { apiRequest, errorMessage } from '../../lib/api-client';

/** Where the person is signed in, and their security log (issue 27, decision 0410). */
export const SESSIONS_KEY = ['/api/user/sessions'] as const;
export const SECURITY_EVENTS_KEY = ['/api/user/security-events'] as const;

export const useSessions = () => useQuery<UserSession[]>({ queryKey: SESSIONS_KEY });
export const useSecurityEvents = () => useQuery<SecurityEvent[]>({ queryKey: SECURITY_EVENTS_KEY });

/** Both lists change with any sign-out from the list: each is asked again. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: SESSIONS_KEY });
    void queryClient.invalidateQueries({ queryKey: SECURITY_EVENTS_KEY });
  };
}

/** DELETE /api/user/sessions/{id}: that browser is signed out from its next request. */
export function useRevokeSession() {
  const queryClient = useQueryClient();
  const refresh = useRefresh();
  return useMutation<unknown, Error, string>({
    mutationFn: (id) => apiRequest('DELETE', `/api/user/sessions/${id}`),
    onSuccess: (_res, id) => {
      queryClient.setQueryData<UserSession[]>(SESSIONS_KEY, (list) => list?.filter((s) => s.id !== id));
      refresh();
      toast({ title: 'Signed out', description: 'That device is no longer signed in.' });
    },
    onError: (err) => {
      // Perhaps it ended meanwhile: show what the server now has.
      refresh();
      toast({
        variant: 'destructive',
        title: 'Could not sign it out',
        description: errorMessage(err, 'Failed to sign out that device'),
      });
    },
  });
}

/** POST /api/user/sessions/sign-out-others: every session but this one ends. */
export function useSignOutOthers() {
  const refresh = useRefresh();
  return useMutation<SignedOutOthers, Error, void>({
    mutationFn: async () => (await apiRequest('POST', '/api/user/sessions/sign-out-others')).json(),
    onSuccess: ({ signedOut }) => {
      refresh();
      toast({
        title: 'Signed out everywhere else',
        description: `${countOf(signedOut, 'other session')} ended.`,
      });
    },
    onError: (err) => {
      refresh();
      toast({
        variant: 'destructive',
        title: 'Could not sign out the other sessions',
        description: errorMessage(err, 'Failed to sign out everywhere else'),
      });
    },
  });
}
