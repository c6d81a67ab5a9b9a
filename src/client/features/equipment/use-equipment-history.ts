import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EquipmentHistory } from '../../../shared/schemas/moderation';
import type { EquipmentDetail } from '../../../shared/schemas/tracks';
import { toast } from '../../components/ui/use-toast';
import { TRACKS_KEY } from '../../entities/track/use-tracks';
import { apiRequest, errorMessage } from '../../lib/api-client';
import { equipmentKey } from './equipment-keys';

// The equipment page's edit history and the admins' revert (issue 28, decision 0450).

export const equipmentHistoryKey = (id: number) => [...equipmentKey(id), 'history'] as const;

/** Fetched only once the section is opened: most visitors never look. */
export function useEquipmentHistory(id: number, enabled: boolean) {
  return useQuery<EquipmentHistory>({ queryKey: equipmentHistoryKey(id), enabled });
}

/** POST /api/equipment/{id}/history/{editId}/revert: the reply is the page's new state. */
export function useRevertEquipmentEdit(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (editId: number) =>
      (await (
        await apiRequest('POST', `/api/equipment/${id}/history/${editId}/revert`)
      ).json()) as EquipmentDetail,
    onSuccess: (detail) => {
      queryClient.setQueryData(equipmentKey(id), detail);
      void queryClient.invalidateQueries({ queryKey: equipmentHistoryKey(id) });
      void queryClient.invalidateQueries({ queryKey: TRACKS_KEY });
      toast({ title: 'Edit reverted', description: `${detail.name} is back as it was before that edit.` });
    },
    onError: (err) =>
      toast({
        variant: 'destructive',
        title: 'Error',
        description: errorMessage(err, 'Failed to revert the edit'),
      }),
  });
}
