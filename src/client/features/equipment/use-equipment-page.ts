import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import type { z } from 'zod';
import type {
  EquipmentComment,
  EquipmentDetail,
  EquipmentTrack,
  EquipmentTrackPage,
  updateEquipmentBodySchema,
} from '../../../shared/schemas/tracks';
import { toast } from '../../components/ui/use-toast';
import { EQUIPMENT_SEARCH_KEY } from '../../entities/equipment/use-equipment';
import { TRACKS_KEY } from '../../entities/track/use-tracks';
import { apiRequest, errorMessage } from '../../lib/api-client';
import { equipmentKey } from './equipment-keys';

// The queries and mutations of the equipment page (spec sections 2, 7 and 8; decision 0015).
// Keys follow the URL (equipment-keys.ts): ['/api/equipment', id], […, 'tracks'], […, 'comments'].

export type EquipmentChanges = z.output<typeof updateEquipmentBodySchema>;

export const CATEGORIES_KEY = ['/api/equipment/categories'] as const;

const failed = (description: string, title = 'Error') =>
  toast({ variant: 'destructive', title, description });

/** A route segment as an equipment id, or null when it cannot be one. */
export function parseEquipmentId(raw: string): number | null {
  return /^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : null;
}

/** Toasts once each time `isError` turns true. */
function useErrorToast(isError: boolean, description: string) {
  useEffect(() => {
    if (isError) failed(description);
  }, [isError, description]);
}

export function useEquipmentDetail(id: number | null) {
  const query = useQuery<EquipmentDetail>({ queryKey: equipmentKey(id ?? 0), enabled: id !== null });
  useErrorToast(query.isError, 'Equipment not found');
  return query;
}

/** The 33 categories, as the server lists them (spec section 3). */
export function useEquipmentCategories(enabled: boolean) {
  return useQuery<string[]>({ queryKey: CATEGORIES_KEY, enabled });
}

/** How many 'Tracks Using' rows a page asks for (issue 48). */
export const EQUIPMENT_TRACKS_PAGE = 50;

/**
 * 'Tracks Using {name}', a page of EQUIPMENT_TRACKS_PAGE at a time, newest first (issue 48):
 * `tracks` are the pages read so far, in order; `fetchNextPage` reads the next while `hasNextPage`.
 */
export function useEquipmentTracks(id: number) {
  const query = useInfiniteQuery({
    queryKey: [...equipmentKey(id), 'tracks'],
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam }) => {
      const cursor = pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : '';
      const url = `/api/equipment/${id}/tracks?limit=${EQUIPMENT_TRACKS_PAGE}${cursor}`;
      return (await (await apiRequest('GET', url)).json()) as EquipmentTrackPage;
    },
    getNextPageParam: (last) => last.nextCursor,
  });
  useErrorToast(query.isError, 'Failed to fetch related tracks');
  const tracks = useMemo<EquipmentTrack[] | undefined>(
    () => query.data?.pages.flatMap((page) => page.items),
    [query.data],
  );
  return { ...query, tracks };
}

export function useEquipmentComments(id: number) {
  return useQuery<EquipmentComment[]>({ queryKey: [...equipmentKey(id), 'comments'] });
}

/** Chips elsewhere show the name and the category colour: the lists holding them are refreshed. */
function refreshChips(queryClient: ReturnType<typeof useQueryClient>, id: number) {
  void queryClient.invalidateQueries({ queryKey: TRACKS_KEY });
  void queryClient.invalidateQueries({ queryKey: EQUIPMENT_SEARCH_KEY });
  void queryClient.invalidateQueries({ queryKey: [...equipmentKey(id), 'tracks'] });
}

/** PATCH /api/equipment/{id}: the reply is the page's new state. */
export function useUpdateEquipment(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (changes: EquipmentChanges) =>
      (await (await apiRequest('PATCH', `/api/equipment/${id}`, changes)).json()) as EquipmentDetail,
    onSuccess: (detail) => {
      queryClient.setQueryData(equipmentKey(id), detail);
      refreshChips(queryClient, id);
      toast({ title: 'Equipment Updated', description: `${detail.name} has been saved.` });
    },
    // A name clash (409) or a lost right to edit (403) says why after the spec's words.
    onError: (err) => {
      const why = errorMessage(err, '');
      failed(why ? `Failed to update equipment: ${why}` : 'Failed to update equipment');
    },
  });
}

/** POST /api/equipment/{id}/image (multipart `image`); each upload gets a new URL, so no cache-buster. */
export function useUploadEquipmentImage(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) => {
      const form = new FormData();
      form.append('image', file);
      return (await (await apiRequest('POST', `/api/equipment/${id}/image`, form)).json()) as {
        imageUrl: string;
      };
    },
    onSuccess: ({ imageUrl }) => {
      queryClient.setQueryData<EquipmentDetail>(equipmentKey(id), (detail) =>
        detail ? { ...detail, imageUrl } : detail,
      );
      refreshChips(queryClient, id);
      toast({ title: 'Image Updated', description: 'The equipment image has been updated.' });
    },
    onError: () => failed('Failed to upload image', 'Upload Error'),
  });
}

/** POST /api/equipment/{id}/comments; the new comment goes on top (newest first). */
export function useAddEquipmentComment(id: number) {
  const queryClient = useQueryClient();
  const key = [...equipmentKey(id), 'comments'];
  return useMutation({
    mutationFn: async (content: string) =>
      (await (
        await apiRequest('POST', `/api/equipment/${id}/comments`, { content })
      ).json()) as EquipmentComment,
    onSuccess: (comment) => {
      queryClient.setQueryData<EquipmentComment[]>(key, (list) => [
        comment,
        ...(list ?? []).filter((c) => c.id !== comment.id),
      ]);
      toast({ title: 'Comment added' });
    },
    onError: () => failed('Failed to add comment'),
  });
}
