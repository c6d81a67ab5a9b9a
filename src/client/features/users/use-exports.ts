import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UserExport } from '../../../shared/schemas/exports';
import { toast } from '../../components/ui/use-toast';
import { apiRequest, errorMessage } from '../../lib/api-client';
import { SECURITY_EVENTS_KEY } from './use-sessions';

/** The person's data exports (issue 27, decision 0415). */
export const EXPORTS_KEY = ['/api/user/exports'] as const;
/** While one is being prepared the list is asked again this often (the live event may come first). */
const PREPARING_POLL_MS = 5_000;

const preparing = (list: UserExport[] | undefined) =>
  list?.some((e) => e.state === 'queued' || e.state === 'running') ?? false;

export const useExports = () =>
  useQuery<UserExport[]>({
    queryKey: EXPORTS_KEY,
    refetchInterval: (query) => (preparing(query.state.data) ? PREPARING_POLL_MS : false),
  });

/** POST /api/user/export: a 409 (one is already being prepared) just shows the list again. */
export function useRequestExport() {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: EXPORTS_KEY });
    void queryClient.invalidateQueries({ queryKey: SECURITY_EVENTS_KEY });
  };
  return useMutation<unknown, Error, void>({
    mutationFn: () => apiRequest('POST', '/api/user/export'),
    onSuccess: () => {
      refresh();
      toast({ title: 'Preparing your data', description: 'We will notify you when it is ready.' });
    },
    onError: (err) => {
      refresh();
      toast({
        variant: 'destructive',
        title: 'Could not start the export',
        description: errorMessage(err, 'Failed to start the export'),
      });
    },
  });
}
