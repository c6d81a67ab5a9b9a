import { useQueries } from '@tanstack/react-query';
import { useState } from 'react';
import type { TrackVersion } from '../../../shared/schemas/track-versions';
import { apiFailure } from '../../lib/api-client';
import { COMPARE, type SlotId } from './compare-constants';
import type { CompareRequest, CompareTake } from './compare-context';

export const versionsUrlOf = (take: CompareTake) =>
  take.versionsUrl ?? `/api/tracks/${take.trackId}/versions`;
export const compareVersionsKey = (url: string) => ['compare', 'versions', url] as const;

async function fetchVersions(url: string): Promise<TrackVersion[]> {
  const res = await fetch(url, { credentials: 'include' });
  if (!res.ok) throw await apiFailure(res);
  const body = (await res.json()) as unknown;
  if (!Array.isArray(body)) throw new Error('The versions reply is not a list');
  return body as TrackVersion[];
}

/** A version that can be heard now. */
export const playable = (v: TrackVersion) => v.streamUrl !== null;

/**
 * The default pick of a slot: the asked version if it can play, else the current one (slot A,
 * or B of a second take), else for B of one track the newest playable version before A's.
 */
export function defaultVersion(
  versions: TrackVersion[],
  slot: SlotId,
  sameTrackAs: TrackVersion | null,
  asked?: number,
): TrackVersion | null {
  const ready = versions.filter(playable);
  const wanted = ready.find((v) => v.version === asked);
  if (wanted) return wanted;
  if (slot === 'A' || !sameTrackAs) return ready.find((v) => v.current) ?? ready[0] ?? null;
  const earlier = ready.filter((v) => v.version < sameTrackAs.version).sort((a, b) => b.version - a.version);
  return earlier[0] ?? ready.find((v) => v.id !== sameTrackAs.id) ?? null;
}

export interface CompareSlotChoice {
  take: CompareTake;
  versions: TrackVersion[];
  chosen: TrackVersion | null;
}

/**
 * The versions of the takes being compared and each slot's pick (user's choice, else the default).
 * Lists with a version still processing are asked again every few seconds.
 */
export function useCompareTakes(request: CompareRequest) {
  const [first, second] = request.takes;
  const takes = second ? [first, second] : [first];
  const results = useQueries({
    queries: takes.map((take) => ({
      queryKey: compareVersionsKey(versionsUrlOf(take)),
      queryFn: () => fetchVersions(versionsUrlOf(take)),
      staleTime: 0,
      refetchInterval: (query: { state: { data?: TrackVersion[] } }) =>
        query.state.data?.some((v) => v.processingState === 'pending') ? COMPARE.pollMs : false,
    })),
  });
  const [picked, setPicked] = useState<Partial<Record<SlotId, number>>>({});
  const listA = results[0]?.data ?? [];
  const listB = (second ? results[1]?.data : results[0]?.data) ?? [];
  const byVersion = (list: TrackVersion[], n: number | undefined) =>
    n === undefined ? undefined : list.find((v) => v.version === n && playable(v));
  const chosenA = byVersion(listA, picked.A) ?? defaultVersion(listA, 'A', null, first.version);
  const chosenB =
    byVersion(listB, picked.B) ??
    defaultVersion(listB, 'B', second ? null : chosenA, second ? second.version : request.versionB);

  const slots: Record<SlotId, CompareSlotChoice> = {
    A: { take: first, versions: listA, chosen: chosenA },
    B: { take: second ?? first, versions: listB, chosen: chosenB },
  };
  return {
    slots,
    loading: results.some((r) => r.isPending),
    failed: results.some((r) => r.isError),
    pick: (slot: SlotId, version: number) => setPicked((p) => ({ ...p, [slot]: version })),
  };
}
