import {
  type QueryClient,
  type QueryKey,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { CreateShareInput, ShareLink, UpdateShareInput } from '../../../shared/schemas/shares';
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
  /** A track's link only (issue 43): it also opens the track's versions to compare them. */
  allowVersions?: boolean;
  description: string;
  /** Issue 45: a review link also takes guests' timed comments; listen (the default) only plays. */
  kind?: 'listen' | 'review';
  /** Who it is for ("mastering engineer"); empty: nobody named. */
  recipient?: string;
  /** Empty: no password. */
  password?: string;
}

/** A link just made goes on top of the list under `listKey` at once; then every list is read again. */
export function putFirst(queryClient: QueryClient, listKey: QueryKey, link: ShareLink) {
  queryClient.setQueryData<ShareLink[]>(listKey, (list) => [
    link,
    ...(list ?? []).filter((l) => l.id !== link.id),
  ]);
  void queryClient.invalidateQueries({ queryKey: SHARES_KEY });
}

/** POST /api/shares; the new link goes on top of the item's list at once, then the list is read again. */
export function useCreateShareLink(item: Pick<ShareItem, 'kind' | 'id'>) {
  const queryClient = useQueryClient();
  return useMutation<ShareLink, Error, NewShareLink>({
    mutationFn: async ({ expiry, allowDownload, allowVersions, description, kind, recipient, password }) => {
      const body: CreateShareInput = {
        // Each sent only when set: a plain link's request is what it was before issue 45.
        ...(kind === 'review' ? { kind } : {}),
        ...(recipient?.trim() ? { recipient: recipient.trim() } : {}),
        ...(password ? { password } : {}),
        ...itemParam(item),
        expiresAt: expiresAtFor(expiry),
        allowDownload,
        // Sent only when asked for: the server refuses it on a playlist's link (decision 0623).
        ...(allowVersions && item.kind === 'track' ? { allowVersions: true } : {}),
        description: description.trim() || null,
      };
      return (await apiRequest('POST', '/api/shares', body)).json();
    },
    onSuccess: (link) => {
      putFirst(queryClient, shareLinksKey(item), link);
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

/**
 * DELETE /api/shares/{id} for a link listed under `listKey`: it leaves that list at once, every list
 * is read again, and the toast says `revokedNote`. On failure (perhaps revoked elsewhere meanwhile)
 * the list shows what the server now has.
 */
export function useRevokeLink(listKey: QueryKey, revokedNote: string) {
  const queryClient = useQueryClient();
  return useMutation<unknown, Error, number>({
    mutationFn: (id) => apiRequest('DELETE', `/api/shares/${id}`),
    onSuccess: (_res, id) => {
      queryClient.setQueryData<ShareLink[]>(listKey, (list) => list?.filter((l) => l.id !== id));
      void queryClient.invalidateQueries({ queryKey: SHARES_KEY });
      toast({ title: 'Link revoked', description: revokedNote });
    },
    onError: (err) => {
      void queryClient.invalidateQueries({ queryKey: listKey });
      toast({
        variant: 'destructive',
        title: 'Could not revoke the link',
        description: errorMessage(err, 'Failed to revoke the link'),
      });
    },
  });
}

/** The token stops working at once (decision 0320). */
export const useRevokeShareLink = (item: Pick<ShareItem, 'kind' | 'id'>) =>
  useRevokeLink(shareLinksKey(item), 'It no longer opens anything.');

/** PATCH /api/shares/{id} (issue 45): recipient, password, commenting; the row follows the reply. */
export function useUpdateShareLink(item: Pick<ShareItem, 'kind' | 'id'>) {
  const queryClient = useQueryClient();
  return useMutation<ShareLink, Error, { id: number; changes: UpdateShareInput; done: string }>({
    mutationFn: async ({ id, changes }) => (await apiRequest('PATCH', `/api/shares/${id}`, changes)).json(),
    onSuccess: (link, { done }) => {
      queryClient.setQueryData<ShareLink[]>(shareLinksKey(item), (list) =>
        list?.map((l) => (l.id === link.id ? link : l)),
      );
      void queryClient.invalidateQueries({ queryKey: SHARES_KEY });
      toast({ title: done });
    },
    onError: (err) => {
      void queryClient.invalidateQueries({ queryKey: shareLinksKey(item) });
      toast({
        variant: 'destructive',
        title: 'Could not change the link',
        description: errorMessage(err, 'Failed to change the link'),
      });
    },
  });
}
