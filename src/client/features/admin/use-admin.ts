import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { displayName } from '../../../shared/format';
import type {
  AdminDeleteBody,
  AdminJobs,
  AdminOverview,
  AdminPeople,
  AdminPerson,
} from '../../../shared/schemas/admin';
import { toast } from '../../components/ui/use-toast';
import { apiRequest, errorMessage } from '../../lib/api-client';

/** The console's queries (decision 0445): every key starts with /api/admin, refreshed together. */
export const ADMIN_KEY = ['/api/admin'] as const;

export const useAdminOverview = () => useQuery<AdminOverview>({ queryKey: ['/api/admin', 'overview'] });
export const useAdminJobs = () => useQuery<AdminJobs>({ queryKey: ['/api/admin', 'jobs'] });

export function useAdminPeople(q: string, page: number) {
  const params = new URLSearchParams({ page: String(page) });
  if (q.trim()) params.set('q', q.trim());
  return useQuery<AdminPeople>({
    queryKey: ['/api/admin', `people?${params}`],
    placeholderData: keepPreviousData,
  });
}

/** One admin action: on success the console's data is fetched again and a toast says what happened. */
function useAdminAction<V>(
  request: (vars: V) => Promise<Response>,
  done: (vars: V) => string,
  failed: string,
) {
  const queryClient = useQueryClient();
  return useMutation<unknown, Error, V>({
    mutationFn: request,
    onSuccess: (_data, vars) => {
      void queryClient.invalidateQueries({ queryKey: ADMIN_KEY });
      toast({ title: done(vars) });
    },
    onError: (error) => toast({ title: failed, description: errorMessage(error, failed) }),
  });
}

const who = (p: AdminPerson) => displayName(p);

export const useSuspend = () =>
  useAdminAction(
    ({ person, reason }: { person: AdminPerson; reason: string }) =>
      apiRequest('POST', `/api/admin/people/${person.id}/suspend`, { reason }),
    ({ person }) => `${who(person)} is suspended`,
    'Could not suspend',
  );

export const useUnsuspend = () =>
  useAdminAction(
    (person: AdminPerson) => apiRequest('POST', `/api/admin/people/${person.id}/unsuspend`),
    (person) => `${who(person)} is no longer suspended`,
    'Could not lift the suspension',
  );

export const useSetQuota = () =>
  useAdminAction(
    ({ person, quotaBytes }: { person: AdminPerson; quotaBytes: number | null }) =>
      apiRequest('PUT', `/api/admin/people/${person.id}/quota`, { quotaBytes }),
    ({ person }) => `Quota of ${who(person)} saved`,
    'Could not save the quota',
  );

export const useDeletePerson = () =>
  useAdminAction(
    ({ person, confirm }: { person: AdminPerson } & AdminDeleteBody) =>
      apiRequest('DELETE', `/api/admin/people/${person.id}`, { confirm }),
    ({ person }) => `The account of ${who(person)} was deleted`,
    'Could not delete the account',
  );

export const useRetryTrack = () =>
  useAdminAction(
    (trackId: number) => apiRequest('POST', `/api/admin/tracks/${trackId}/retry`),
    () => 'Processing queued again',
    'Could not retry',
  );

export const useSweepDemo = () =>
  useAdminAction(
    () => apiRequest('POST', '/api/admin/demo/sweep'),
    () => 'Expired demo accounts removed',
    'Could not sweep',
  );
