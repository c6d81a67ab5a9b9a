import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AuthUser } from '../../../shared/schemas/auth';
import { toast } from '../../components/ui/use-toast';
import { AUTH_USER_QUERY_KEY } from '../../entities/user/use-auth';
import { apiRequest } from '../../lib/api-client';
import { PUBLIC_PROFILE_KEY } from './use-profile';

/**
 * PATCH /api/user/privacy. Spec section 4: the cached user flips at once, the change is sent, and
 * cache and switch revert on failure; /api/auth/user is refreshed afterwards either way.
 */
export function usePrivacyToggle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (isPublic: boolean) => apiRequest('PATCH', '/api/user/privacy', { isPublic }),
    onMutate: async (isPublic) => {
      await queryClient.cancelQueries({ queryKey: AUTH_USER_QUERY_KEY });
      const previous = queryClient.getQueryData<AuthUser | null>(AUTH_USER_QUERY_KEY);
      if (previous) queryClient.setQueryData<AuthUser>(AUTH_USER_QUERY_KEY, { ...previous, isPublic });
      return { previous };
    },
    onError: (_err, _isPublic, context) => {
      if (context?.previous) queryClient.setQueryData(AUTH_USER_QUERY_KEY, context.previous);
      toast({ variant: 'destructive', title: 'Error', description: 'Failed to update privacy settings' });
    },
    onSuccess: (_res, isPublic) => {
      toast({
        title: 'Privacy updated',
        description: isPublic ? 'Your profile is now public' : 'Your profile is now private',
      });
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: PUBLIC_PROFILE_KEY });
      return queryClient.invalidateQueries({ queryKey: AUTH_USER_QUERY_KEY });
    },
  });
}
