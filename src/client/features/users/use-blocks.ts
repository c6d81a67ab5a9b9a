import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { displayName } from '../../../shared/format';
import type { UserSummary } from '../../../shared/schemas/collectives';
import type { BlockedPerson } from '../../../shared/schemas/moderation';
import { toast } from '../../components/ui/use-toast';
import { apiRequest, errorMessage } from '../../lib/api-client';

// Blocking (issue 28, decision 0450): the list, Block and Unblock.

export const BLOCKS_KEY = ['/api/user/blocks'] as const;

export const useBlocks = (enabled = true) => useQuery<BlockedPerson[]>({ queryKey: BLOCKS_KEY, enabled });

type Person = Pick<UserSummary, 'id' | 'username' | 'firstName' | 'lastName'>;

/** PUT or DELETE /api/users/{id}/block; the list is asked again either way. */
function useBlockChange(method: 'PUT' | 'DELETE') {
  const queryClient = useQueryClient();
  return useMutation<unknown, Error, Person>({
    mutationFn: (person) => apiRequest(method, `/api/users/${encodeURIComponent(person.id)}/block`),
    onSuccess: (_res, person) => {
      if (method === 'DELETE') {
        queryClient.setQueryData<BlockedPerson[]>(BLOCKS_KEY, (list) =>
          list?.filter((b) => b.user.id !== person.id),
        );
      }
      void queryClient.invalidateQueries({ queryKey: BLOCKS_KEY });
      const name = displayName(person);
      toast(
        method === 'PUT'
          ? { title: 'Blocked', description: `${name} can no longer reach you.` }
          : { title: 'Unblocked', description: `${name} is no longer blocked.` },
      );
    },
    onError: (err) =>
      toast({
        variant: 'destructive',
        title: 'Error',
        description: errorMessage(err, method === 'PUT' ? 'Failed to block' : 'Failed to unblock'),
      }),
  });
}

export const useBlock = () => useBlockChange('PUT');
export const useUnblock = () => useBlockChange('DELETE');
