import { useQuery } from '@tanstack/react-query';
import { PLAYER } from '../../shared/constants';
import type { Waveform } from '../../shared/schemas/tracks';
import { apiFailure } from '../lib/api-client';

/** What GET /api/tracks/{id}/waveform said: the peaks, or why there are none (yet). */
export type WaveformResult =
  | { status: 'ready'; waveform: Waveform }
  | { status: 'pending' }
  | { status: 'failed' }
  /** 404: no peaks on this server (or the track is gone); the plain slider stands in. */
  | { status: 'missing' };

export const waveformQueryKey = (trackId: number) => ['/api/tracks', trackId, 'waveform'] as const;

/**
 * waveformSchema's check by hand: this hook is on every signed-in first paint (the player bar), and
 * importing the schema put all of zod there (decision 0074).
 */
function asWaveform(body: unknown): Waveform {
  const { duration, peaks } = (body ?? {}) as Partial<Waveform>;
  if (typeof duration !== 'number' || !Array.isArray(peaks) || peaks.some((p) => typeof p !== 'number')) {
    throw new Error('The waveform reply is not {duration, peaks}');
  }
  return { duration, peaks };
}

async function fetchWaveform(url: string): Promise<WaveformResult> {
  const res = await fetch(url, { credentials: 'include' });
  if (res.status === 409) {
    const body = (await res.json().catch(() => null)) as { processing?: { state?: string } } | null;
    return { status: body?.processing?.state === 'failed' ? 'failed' : 'pending' };
  }
  if (res.status === 404) return { status: 'missing' };
  if (!res.ok) throw await apiFailure(res);
  return { status: 'ready', waveform: asWaveform(await res.json()) };
}

/**
 * A track's waveform peaks, fetched once per track (they never change). While the server is still
 * making them, asked again every few seconds as long as `poll` (the track is the current one).
 * `url`: the track's PlayerTrack.peaksUrl, a share link's own address (null: none yet; left out:
 * GET /api/tracks/{id}/waveform).
 */
export function useWaveform(
  trackId: number | null,
  { poll = false, url }: { poll?: boolean; url?: string | null } = {},
) {
  const address = url === undefined ? `/api/tracks/${trackId ?? 0}/waveform` : url;
  return useQuery({
    // The same track through a link is another address with the same peaks: kept apart all the same.
    queryKey: url === undefined ? waveformQueryKey(trackId ?? 0) : [...waveformQueryKey(trackId ?? 0), url],
    queryFn: () => fetchWaveform(address ?? ''),
    enabled: trackId !== null && address !== null,
    refetchInterval: (query) =>
      poll && query.state.data?.status === 'pending' ? PLAYER.waveformPollMs : false,
  });
}

/** Peaks with something to draw, or null (pending, failed, missing, empty, not loaded). */
export function readyPeaks(result: WaveformResult | undefined): Waveform | null {
  if (result?.status !== 'ready') return null;
  const { waveform } = result;
  return waveform.peaks.length > 0 && waveform.duration > 0 ? waveform : null;
}
