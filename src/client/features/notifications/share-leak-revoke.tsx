import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from '../../components/ui/button';
import { apiRequest, errorMessage } from '../../lib/api-client';
import { NOTIFICATIONS_KEY } from './use-notifications';

/** What a `share_leak` entry says once its link is gone (its shareId let go, decision 0725). */
export const LEAK_REVOKED = ' — revoked';

/**
 * A leak alert's own button (issue 45): Revoke the link it is about, DELETE /api/shares/{id}, here
 * in the inbox. The entry stays and says it was revoked; the owner's link lists are read again.
 */
export function ShareLeakRevoke({ shareId }: { shareId: number }) {
  const queryClient = useQueryClient();
  const revoke = useMutation({
    mutationFn: () => apiRequest('DELETE', `/api/shares/${shareId}`),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
        queryClient.invalidateQueries({ queryKey: ['/api/shares'] }),
      ]),
  });
  return (
    <span className="flex flex-col items-end self-center">
      <Button
        variant="destructive"
        size="sm"
        className="text-xs"
        disabled={revoke.isPending}
        onClick={() => revoke.mutate()}
      >
        {revoke.isPending ? 'Revoking...' : 'Revoke'}
      </Button>
      {revoke.isError && (
        <span role="alert" className="text-[11px] text-destructive">
          {errorMessage(revoke.error, 'Could not revoke')}
        </span>
      )}
    </span>
  );
}
