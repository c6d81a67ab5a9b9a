import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { LIMITS } from '../../../shared/constants';
import type { EquipmentTag } from '../../../shared/schemas/tracks';
import { toast } from '../../components/ui/use-toast';
import { apiRequest } from '../../lib/api-client';
import { mapTrack, patchTrackLists, restoreTrackLists, type TrackListsSnapshot } from '../track/use-tracks';

/** Typing settles before the search goes out. */
export const SEARCH_DEBOUNCE_MS = 200;

export const EQUIPMENT_SEARCH_KEY = ['/api/equipment/search'] as const;

export function useDebouncedValue<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

const failed = (description: string) => toast({ variant: 'destructive', title: 'Error', description });

/**
 * Equipment whose name contains `text`, from 2 typed characters on (spec section 5). A failed
 * search says so and counts as no results (spec section 7: empty list on failure).
 */
export function useEquipmentSearch(text: string) {
  const q = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const enabled = q.length >= LIMITS.equipmentSearchMinChars;
  const query = useQuery({
    queryKey: [...EQUIPMENT_SEARCH_KEY, q],
    enabled,
    placeholderData: keepPreviousData,
    queryFn: async (): Promise<EquipmentTag[]> => {
      try {
        return (await (
          await apiRequest('GET', `/api/equipment/search?q=${encodeURIComponent(q)}`)
        ).json()) as EquipmentTag[];
      } catch {
        failed('Failed to fetch equipment');
        return [];
      }
    },
  });
  return {
    results: enabled ? (query.data ?? []) : [],
    /** True until the reply for what is typed now has arrived. */
    searching: text.trim() !== q || (enabled && query.isFetching),
  };
}

/**
 * Adding, creating and removing a track's equipment (spec section 4): every change shows in the
 * cached track lists at once and is undone, with a toast, when the server refuses.
 */
export function useTrackEquipment(trackId: number) {
  const queryClient = useQueryClient();
  const patch = (change: (equipment: EquipmentTag[]) => EquipmentTag[]) =>
    patchTrackLists(
      queryClient,
      mapTrack(trackId, (t) => ({ ...t, equipment: change(t.equipment) })),
    );

  const add = useMutation<EquipmentTag, Error, EquipmentTag, TrackListsSnapshot>({
    mutationFn: async (tag) =>
      (await apiRequest('POST', `/api/tracks/${trackId}/equipment`, { equipmentTagId: tag.id })).json(),
    onMutate: (tag) => patch((list) => (list.some((e) => e.id === tag.id) ? list : [...list, tag])),
    onError: (_err, _tag, snapshot) => {
      if (snapshot) restoreTrackLists(queryClient, snapshot);
      failed('Failed to add equipment to track');
    },
    onSuccess: () =>
      toast({ title: 'Equipment Added', description: 'Equipment tag has been added to the track' }),
  });

  const remove = useMutation<unknown, Error, EquipmentTag, TrackListsSnapshot>({
    mutationFn: async (tag) =>
      (await apiRequest('DELETE', `/api/tracks/${trackId}/equipment/${tag.id}`)).json(),
    onMutate: (tag) => patch((list) => list.filter((e) => e.id !== tag.id)),
    onError: (_err, _tag, snapshot) => {
      if (snapshot) restoreTrackLists(queryClient, snapshot);
      failed('Failed to remove equipment from track');
    },
    onSuccess: () =>
      toast({ title: 'Equipment Removed', description: 'Equipment tag has been removed from the track' }),
  });

  const create = useMutation<EquipmentTag, Error, string>({
    mutationFn: async (name) => (await apiRequest('POST', '/api/equipment', { name })).json(),
    onError: () => failed('Failed to create equipment'),
    // A new name changes what searches find.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: EQUIPMENT_SEARCH_KEY }),
  });

  return {
    /** Resolves true once the tag is on the track, false when that failed (already toasted). */
    addTag: (tag: EquipmentTag) =>
      add.mutateAsync(tag).then(
        () => true,
        () => false,
      ),
    /** Creates (or finds, ignoring case) equipment named `name` and adds it to the track. */
    createAndAddTag: async (name: string) => {
      const tag = await create.mutateAsync(name).catch(() => null);
      if (!tag) return false;
      return add.mutateAsync(tag).then(
        () => true,
        () => false,
      );
    },
    removeTag: (tag: EquipmentTag) => remove.mutate(tag),
  };
}
