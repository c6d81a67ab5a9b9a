import { useQuery } from '@tanstack/react-query';
import type { AuthConfig } from '../../../shared/schemas/auth';
import { getQueryFn } from '../../lib/api-client';

/**
 * GET /api/auth/config: which ways of signing in this server offers. Until it has answered, a
 * caller offers neither, so a switched-off demo never flashes up and vanishes.
 */
export function useAuthConfig() {
  const config = useQuery<AuthConfig | null>({
    queryKey: ['/api/auth/config'],
    queryFn: getQueryFn({ on401: 'returnNull' }),
  });
  return {
    isLoading: config.isLoading,
    googleEnabled: config.data?.googleEnabled === true,
    demoEnabled: config.data?.demoEnabled === true,
  };
}
