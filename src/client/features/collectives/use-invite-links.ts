import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InviteLink } from '../../../shared/schemas/collectives';
import { toast } from '../../components/ui/use-toast';
import { apiRequest } from '../../lib/api-client';
import { inviteLinksKey } from './use-collectives';

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
    mutationFn: async (type: InviteLink['type']) =>
      (await (
        await apiRequest('POST', `/api/collectives/${collectiveId}/invite-links`, { type })
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
