import { useQuery } from '@tanstack/react-query';
import type { AuthUser } from '../../../shared/schemas/auth';
import { getQueryFn } from '../../lib/api-client';

export const AUTH_USER_QUERY_KEY = ['/api/auth/user'] as const;

/** Signed in exactly when GET /api/auth/user returns a user; a 401 means signed out (spec section 4). */
export function useAuth() {
  const { data, isLoading } = useQuery<AuthUser | null>({
    queryKey: AUTH_USER_QUERY_KEY,
    queryFn: getQueryFn({ on401: 'returnNull' }),
    retry: false,
  });
  const user = data ?? null;
  return { user, isLoading, isAuthenticated: user !== null };
}
