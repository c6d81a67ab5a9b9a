import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateShareBody, ShareLink } from '../../../shared/schemas/shares';
import type { TrackVisibility } from '../../../shared/schemas/tracks';
import { toast } from '../../components/ui/use-toast';
import { apiRequest, errorMessage } from '../../lib/api-client';

/** What the Share… dialog shares: one of the owner's tracks or playlists (decision 0340). */
export type ShareItem =
  | { kind: 'track'; id: number; name: string; visibility?: TrackVisibility }
  | { kind: 'playlist'; id: number; name: string; isPublic: boolean };

/** Every list of share links starts with this, so one invalidation refreshes them all. */
export const SHARES_KEY = ['/api/shares'] as const;
export const shareLinksKey = (item: Pick<ShareItem, 'kind' | 'id'>) =>
  [...SHARES_KEY, item.kind, item.id] as const;

const itemParam = (item: Pick<ShareItem, 'kind' | 'id'>) =>
  item.kind === 'track' ? { trackId: item.id } : { playlistId: item.id };

/** GET /api/shares?trackId= or ?playlistId=: the owner's links to this one item, newest first. */
export function useShareLinks(item: Pick<ShareItem, 'kind' | 'id'>, enabled = true) {
  return useQuery<ShareLink[]>({
    queryKey: shareLinksKey(item),
    queryFn: async () => {
      const query = new URLSearchParams(
        Object.entries(itemParam(item)).map(([k, v]) => [k, String(v)]),
      ).toString();
      return (await apiRequest('GET', `/api/shares?${query}`)).json();
    },
    enabled,
    // Visits change while the dialog is closed: read them again each time it opens.
    refetchOnMount: 'always',
  });
}

export type ShareExpiry = '1d' | '7d' | '30d' | 'never';
export const SHARE_EXPIRIES: readonly ShareExpiry[] = ['1d', '7d', '30d', 'never'];
export const SHARE_EXPIRY_LABELS: Record<ShareExpiry, string> = {
  '1d': '1 day',
  '7d': '7 days',
  '30d': '30 days',
  never: 'Never',
};
const EXPIRY_DAYS: Record<Exclude<ShareExpiry, 'never'>, number> = { '1d': 1, '7d': 7, '30d': 30 };
const DAY_MS = 24 * 60 * 60 * 1000;

/** The `expiresAt` to send: that many days from now, or null for a link that never expires. */
export function expiresAtFor(expiry: ShareExpiry, now = Date.now()): string | null {
  return expiry === 'never' ? null : new Date(now + EXPIRY_DAYS[expiry] * DAY_MS).toISOString();
}

export interface NewShareLink {
  expiry: ShareExpiry;
  allowDownload: boolean;
  description: string;
}

/** POST /api/shares; the new link goes on top of the item's list at once, then the list is read again. */
export function useCreateShareLink(item: Pick<ShareItem, 'kind' | 'id'>) {
  const queryClient = useQueryClient();
  return useMutation<ShareLink, Error, NewShareLink>({
    mutationFn: async ({ expiry, allowDownload, description }) => {
      const body: CreateShareBody = {
        ...itemParam(item),
        expiresAt: expiresAtFor(expiry),
        allowDownload,
        description: description.trim() || null,
      };
      return (await apiRequest('POST', '/api/shares', body)).json();
    },
    onSuccess: (link) => {
      queryClient.setQueryData<ShareLink[]>(shareLinksKey(item), (list) => [
        link,
        ...(list ?? []).filter((l) => l.id !== link.id),
      ]);
      void queryClient.invalidateQueries({ queryKey: SHARES_KEY });
      // No toast: the dialog shows the new link with its Copy button focused, and a toast is a
      // layer of its own that would take the first Escape meant to close the dialog.
    },
    onError: (err) =>
      toast({
        variant: 'destructive',
        title: 'Could not create the link',
        description: errorMessage(err, 'Failed to create the link'),
      }),
  });
}

/** DELETE /api/shares/{id}: the token stops working at once (decision 0320: the row is deleted). */
export function useRevokeShareLink(item: Pick<ShareItem, 'kind' | 'id'>) {
  const queryClient = useQueryClient();
  return useMutation<unknown, Error, number>({
    mutationFn: (id) => apiRequest('DELETE', `/api/shares/${id}`),
    onSuccess: (_res, id) => {
      queryClient.setQueryData<ShareLink[]>(shareLinksKey(item), (list) => list?.filter((l) => l.id !== id));
      void queryClient.invalidateQueries({ queryKey: SHARES_KEY });
      toast({ title: 'Link revoked', description: 'It no longer opens anything.' });
    },
    onError: (err) => {
      // Perhaps revoked elsewhere meanwhile: show what the server now has.
      void queryClient.invalidateQueries({ queryKey: shareLinksKey(item) });
      toast({
        variant: 'destructive',
        title: 'Could not revoke the link',
        description: errorMessage(err, 'Failed to revoke the link'),
      });
    },
  });
}
