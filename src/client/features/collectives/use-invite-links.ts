import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { countOf } from '../../../shared/format';
import type { InviteExpiry, InviteLink } from '../../../shared/schemas/collectives';
import { toast } from '../../components/ui/use-toast';
import { inviteLinksKey } from '../../entities/collective/use-collectives';
import { apiRequest } from '../../lib/api-client';

/** Owner and admins only (decision 0013); members get a 403, which the page explains. */
export function useInviteLinks(collectiveId: number, enabled = true) {
  return useQuery<InviteLink[]>({
    queryKey: inviteLinksKey(collectiveId),
    enabled,
    refetchOnMount: 'always',
  });
}

/** The address someone opens to accept an invite (spec section 2: {site}/join/{code}). */
export const inviteUrl = (code: string) => `${window.location.origin}/join/${code}`;

export function useGenerateInviteLink(collectiveId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ type, expiresIn }: { type: InviteLink['type']; expiresIn: InviteExpiry }) =>
      (await (
        await apiRequest('POST', `/api/collectives/${collectiveId}/invite-links`, { type, expiresIn })
      ).json()) as InviteLink,
    onSuccess: (link) => {
      queryClient.setQueryData<InviteLink[]>(inviteLinksKey(collectiveId), (list) => [
        link,
        ...(list ?? []).filter((l) => l.id !== link.id),
      ]);
      toast({
        title:
          link.type === 'single' ? 'Single-use invite link generated' : 'Multi-use invite link generated',
      });
    },
    onError: () => {
      toast({ variant: 'destructive', title: 'Error', description: 'Failed to generate invite link' });
    },
  });
}

export function useSetInviteLinkActive(collectiveId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, isActive }: { id: number; isActive: boolean }) =>
      (await (
        await apiRequest('PATCH', `/api/collectives/${collectiveId}/invite-links/${id}`, { isActive })
      ).json()) as InviteLink,
    onSuccess: (link) => {
      queryClient.setQueryData<InviteLink[]>(inviteLinksKey(collectiveId), (list) =>
        list?.map((l) => (l.id === link.id ? link : l)),
      );
      toast({ title: 'Invite link status updated' });
    },
    onError: () => {
      // The link may have been used up meanwhile (409): show what the server now says.
      void queryClient.invalidateQueries({ queryKey: inviteLinksKey(collectiveId) });
      toast({ variant: 'destructive', title: 'Error', description: 'Failed to update invite link' });
    },
  });
}

/** Revoking deletes the link: whoever holds it can no longer join with it (decision 0124). */
export function useRevokeInviteLink(collectiveId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest('DELETE', `/api/collectives/${collectiveId}/invite-links/${id}`),
    onSuccess: (_res, id) => {
      queryClient.setQueryData<InviteLink[]>(inviteLinksKey(collectiveId), (list) =>
        list?.filter((l) => l.id !== id),
      );
      toast({ title: 'Invite link revoked', description: 'The link no longer lets anyone in.' });
    },
    onError: () => {
      void queryClient.invalidateQueries({ queryKey: inviteLinksKey(collectiveId) });
      toast({ variant: 'destructive', title: 'Error', description: 'Failed to revoke invite link' });
    },
  });
}

/** "Never expires", "Expires in 3 days", "Expired" … for Manage Invites (relative to `now`). */
export function expiryLabel(link: InviteLink, now = Date.now()): string {
  if (link.expiresAt === null) return 'Never expires';
  const left = Date.parse(link.expiresAt) - now;
  if (link.isExpired || left <= 0) return 'Expired';
  const hours = Math.ceil(left / 3_600_000);
  if (hours < 24) return `Expires in ${countOf(hours, 'hour')}`;
  const days = Math.round(hours / 24);
  return `Expires in ${countOf(days, 'day')}`;
}
