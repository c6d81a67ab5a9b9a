import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  GuestComment,
  GuestCommentsPage,
  OwnerGuestComment,
} from '../../../shared/schemas/guest-comments';
import { toast } from '../../components/ui/use-toast';
import { apiRequest, errorStatus } from '../../lib/api-client';

// Guests' timed comments through a review link (issue 45): the guest's side, by the link's token,
// and the track owner's side, on their track.

const byToken = (token: string) => `/api/shares/by-token/${encodeURIComponent(token)}/comments`;

export const guestPageKey = (token: string, trackId: number) =>
  ['/api/shares/by-token', encodeURIComponent(token), 'comments', trackId] as const;

/**
 * The link's thread on one of its tracks and who this browser is; null for a link that takes no
 * comments (its read is a 404), and the page then shows no comment section.
 */
export function useGuestComments(token: string, trackId: number) {
  return useQuery<GuestCommentsPage | null>({
    queryKey: guestPageKey(token, trackId),
    queryFn: async () => {
      try {
        return (await (
          await apiRequest('GET', `${byToken(token)}?trackId=${trackId}`)
        ).json()) as GuestCommentsPage;
      } catch (err) {
        // A link that takes no comments has none to read (404): the page shows no comment section.
        if (errorStatus(err) === 404) return null;
        throw err;
      }
    },
  });
}

export type NewGuestComment = {
  name: string;
  content: string;
  atSeconds?: number;
  endSeconds?: number | null;
  parentId?: number;
};

const failed = (title: string) => (err: Error) =>
  toast({ variant: 'destructive', title, description: err.message.replace(/^\d+: /, '').slice(0, 200) });

/** Posts as the link's guest, then reads the thread again (it now also knows the guest's name). */
export function useAddGuestComment(token: string, trackId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: NewGuestComment) =>
      (await (await apiRequest('POST', byToken(token), { ...body, trackId })).json()) as GuestComment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: guestPageKey(token, trackId) }),
    onError: failed('Could not post your comment'),
  });
}

/** The owner's list; the live event `guestComment` reads it again (app/live-events.ts). */
export const ownerGuestKey = (trackId: number) => ['/api/tracks', trackId, 'guest-comments'] as const;

export function useOwnerGuestComments(trackId: number) {
  return useQuery<OwnerGuestComment[]>({ queryKey: ownerGuestKey(trackId) });
}

export function useOwnerGuestMutations(trackId: number) {
  const queryClient = useQueryClient();
  const base = `/api/tracks/${trackId}/guest-comments`;
  const refresh = () => queryClient.invalidateQueries({ queryKey: ownerGuestKey(trackId) });
  return {
    reply: useMutation({
      mutationFn: (body: { parentId: number; content: string }) => apiRequest('POST', base, body),
      onSuccess: refresh,
      onError: failed('Could not post your reply'),
    }),
    hide: useMutation({
      mutationFn: ({ id, hidden }: { id: number; hidden: boolean }) =>
        apiRequest('PATCH', `${base}/${id}`, { hidden }),
      onSuccess: refresh,
      onError: failed('Could not change the comment'),
    }),
    remove: useMutation({
      mutationFn: (id: number) => apiRequest('DELETE', `${base}/${id}`),
      onSuccess: refresh,
      onError: failed('Could not delete the comment'),
    }),
  };
}
