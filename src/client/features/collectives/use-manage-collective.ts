import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import type { Collective } from '../../../shared/schemas/collectives';
import { toast } from '../../components/ui/use-toast';
import { COLLECTIVES_QUERY_KEY, collectiveKey, membersKey } from '../../entities/collective/use-collectives';
import { apiRequest, errorMessage } from '../../lib/api-client';

// Roles, removal, leaving, transfer and deletion (decision 0121). The server decides; after each
// change the lists it touched are read again, and a collective the person is no longer in is
// dropped from the cache at once so no screen asks for it again.

const failed = (err: unknown, fallback: string) =>
  toast({ variant: 'destructive', title: 'Error', description: errorMessage(err, fallback) });

function useRefreshCollective(collectiveId: number) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: membersKey(collectiveId), exact: true });
    void queryClient.invalidateQueries({ queryKey: collectiveKey(collectiveId), exact: true });
  };
}

/** Leaves the collective's screens for the journal, with the collective gone from the rail. */
function useForgetCollective(collectiveId: number) {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return () => {
    navigate('/');
    queryClient.setQueryData<Collective[]>(COLLECTIVES_QUERY_KEY, (list) =>
      list?.filter((c) => c.id !== collectiveId),
    );
    queryClient.removeQueries({ queryKey: collectiveKey(collectiveId) });
    void queryClient.invalidateQueries({ queryKey: COLLECTIVES_QUERY_KEY, exact: true });
  };
}

export function useChangeRole(collectiveId: number) {
  const refresh = useRefreshCollective(collectiveId);
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: 'admin' | 'member'; name: string }) =>
      apiRequest('PATCH', `/api/collectives/${collectiveId}/members/${encodeURIComponent(userId)}`, { role }),
    onSuccess: (_res, { role, name }) => {
      refresh();
      toast({
        title: 'Role updated',
        description: role === 'admin' ? `${name} is now an admin` : `${name} is now a member`,
      });
    },
    onError: (err) => {
      refresh();
      failed(err, 'Failed to change role');
    },
  });
}

export function useRemoveMember(collectiveId: number) {
  const refresh = useRefreshCollective(collectiveId);
  return useMutation({
    mutationFn: ({ userId }: { userId: string; name: string }) =>
      apiRequest('DELETE', `/api/collectives/${collectiveId}/members/${encodeURIComponent(userId)}`),
    onSuccess: (_res, { name }) => {
      refresh();
      toast({ title: 'Member removed', description: `${name} is no longer in the collective` });
    },
    onError: (err) => {
      refresh();
      failed(err, 'Failed to remove member');
    },
  });
}

export function useTransferOwnership(collectiveId: number) {
  const refresh = useRefreshCollective(collectiveId);
  return useMutation({
    mutationFn: ({ userId }: { userId: string; name: string }) =>
      apiRequest('POST', `/api/collectives/${collectiveId}/transfer`, { userId }),
    onSuccess: (_res, { name }) => {
      refresh();
      toast({
        title: 'Ownership transferred',
        description: `${name} now owns the collective; you are an admin`,
      });
    },
    onError: (err) => failed(err, 'Failed to transfer ownership'),
  });
}

export function useLeaveCollective(collectiveId: number, myUserId: string) {
  const forget = useForgetCollective(collectiveId);
  return useMutation({
    mutationFn: (_name: string) =>
      apiRequest('DELETE', `/api/collectives/${collectiveId}/members/${encodeURIComponent(myUserId)}`),
    onSuccess: (_res, name) => {
      forget();
      toast({ title: 'Left collective', description: `You left ${name}` });
    },
    onError: (err) => failed(err, 'Failed to leave collective'),
  });
}

export function useDeleteCollective(collectiveId: number) {
  const forget = useForgetCollective(collectiveId);
  return useMutation({
    mutationFn: (_name: string) => apiRequest('DELETE', `/api/collectives/${collectiveId}`),
    onSuccess: (_res, name) => {
      forget();
      toast({ title: 'Collective deleted', description: `${name} has been deleted` });
    },
    onError: (err) => failed(err, 'Failed to delete collective'),
  });
}
