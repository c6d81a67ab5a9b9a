import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiKey, CreateApiKeyBody, CreatedApiKey } from '../../../shared/schemas/api-keys';
import { toast } from '../../components/ui/use-toast';
import { apiRequest, errorMessage } from '../../lib/api-client';

/** The profile's keys and app passwords for Subsonic apps (issue 26, decision 0385). */
export const API_KEYS_KEY = ['/api/user/api-keys'] as const;

/** GET /api/user/api-keys: names, kinds and dates, never a secret. */
export const useApiKeys = () => useQuery<ApiKey[]>({ queryKey: API_KEYS_KEY });

/** POST /api/user/api-keys: the reply holds the secret, which the caller shows this once. */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation<CreatedApiKey, Error, CreateApiKeyBody>({
    mutationFn: async (body) => (await apiRequest('POST', '/api/user/api-keys', body)).json(),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: API_KEYS_KEY }),
    onError: (err) =>
      toast({
        variant: 'destructive',
        title: 'Could not create it',
        description: errorMessage(err, 'Failed to create the key'),
      }),
  });
}

/** DELETE /api/user/api-keys/{id}: apps using it are refused from the next request. */
export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation<unknown, Error, number>({
    mutationFn: (id) => apiRequest('DELETE', `/api/user/api-keys/${id}`),
    onSuccess: (_res, id) => {
      queryClient.setQueryData<ApiKey[]>(API_KEYS_KEY, (list) => list?.filter((k) => k.id !== id));
      toast({ title: 'Revoked', description: 'Apps using it can no longer sign in.' });
    },
    onError: (err) => {
      // Perhaps revoked elsewhere meanwhile: show what the server now has.
      void queryClient.invalidateQueries({ queryKey: API_KEYS_KEY });
      toast({
        variant: 'destructive',
        title: 'Could not revoke it',
        description: errorMessage(err, 'Failed to revoke'),
      });
    },
  });
}
