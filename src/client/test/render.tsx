import { QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { AuthUser } from '../../shared/schemas/auth';
import { Toaster } from '../components/ui/toaster';
import { TooltipProvider } from '../components/ui/tooltip';
import { createQueryClient } from '../lib/query-client';
import { PlayerProvider } from '../player/player-provider';

/**
 * Renders `ui` with the app's providers, a fresh query cache (optionally pre-filled, so screens
 * need no network) and an in-memory router at `path`.
 */
export function renderWithProviders(
  ui: ReactElement,
  { path = '/', seed = [] }: { path?: string; seed?: Array<[QueryKey, unknown]> } = {},
) {
  const queryClient = createQueryClient();
  for (const [key, data] of seed) queryClient.setQueryData(key, data);
  const location = memoryLocation({ path, record: true });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <TooltipProvider>
        <PlayerProvider>
          <Router hook={location.hook}>{ui}</Router>
          <Toaster />
        </PlayerProvider>
      </TooltipProvider>
    </QueryClientProvider>,
  );
  return { ...result, queryClient, location };
}

export const testUser: AuthUser = {
  id: 'user-1',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  username: 'ada',
  bio: null,
  profileImageUrl: null,
  avatarUrl: null,
  socialLinks: {},
  isPublic: false,
  createdAt: '2024-01-01T00:00:00.000Z',
  updatedAt: '2024-01-01T00:00:00.000Z',
  claims: { isDemo: false, sub: 'user-1' },
  isAdmin: false,
};
