import {
  formatGainDb,
  PLATFORM_PEAK_CEILING_DB,
  PLATFORMS,
  type Platform,
  type PlatformId,
  platformGainDb,
} from '../../../shared/platform-loudness';
import type { SlotId } from './compare-constants';

/**
 * How each slot is levelled (issue 43, decision 0636). "matched": both at the quieter one's loudness;
 * "as-is": untouched; a platform: as that service's loudness normalisation would play it.
 */
export type CompareMode = 'matched' | 'as-is' | PlatformId;

// The platforms are shared with the track details' Loudness section (decision 0840).
export { formatGainDb, PLATFORM_PEAK_CEILING_DB, PLATFORMS, type Platform, type PlatformId, platformGainDb };

/** Matching never lets a slot's true peak pass this (dBTP). */
export const MATCH_PEAK_CEILING_DB = 0;

export const MODE_LABELS: Record<CompareMode, string> = {
  matched: 'Matched',
  'as-is': 'As they are',
  ...(Object.fromEntries(PLATFORMS.map((p) => [p.id, p.name])) as Record<PlatformId, string>),
};
export const COMPARE_MODES = Object.keys(MODE_LABELS) as CompareMode[];

/** A slot's measurement; null when not measured (yet). */
export interface Measured {
  lufs: number | null;
  truePeakDb: number | null;
}

export interface SlotGains {
  /** dB applied to each slot. */
  gainDb: Record<SlotId, number>;
  /** Slots that play at 0 dB because they are not measured. */
  unmeasured: SlotId[];
}

const measured = (m: Measured | null | undefined): m is { lufs: number; truePeakDb: number } =>
  !!m && Number.isFinite(m.lufs) && Number.isFinite(m.truePeakDb);

/**
 * "Matched": both play at the level of the quieter one. Nothing is raised; a slot whose own true
 * peak is above 0 dBTP is turned down to it, and then the other with it, so they stay matched.
 */
function matchedGains(a: Measured, b: Measured): Record<SlotId, number> {
  const loud = (m: { lufs: number; truePeakDb: number }) =>
    m.lufs - Math.max(0, m.truePeakDb - MATCH_PEAK_CEILING_DB);
  const ma = a as { lufs: number; truePeakDb: number };
  const mb = b as { lufs: number; truePeakDb: number };
  const target = Math.min(loud(ma), loud(mb));
  return { A: target - ma.lufs, B: target - mb.lufs };
}

/** Each slot's gain in `mode`; an unmeasured slot (and, when matching, its partner) plays at 0 dB. */
export function compareGains(mode: CompareMode, slots: Record<SlotId, Measured | null>): SlotGains {
  const unmeasured = (['A', 'B'] as SlotId[]).filter((s) => !measured(slots[s]));
  if (mode === 'as-is') return { gainDb: { A: 0, B: 0 }, unmeasured: [] };
  if (mode === 'matched') {
    if (unmeasured.length > 0) return { gainDb: { A: 0, B: 0 }, unmeasured };
    return { gainDb: matchedGains(slots.A as Measured, slots.B as Measured), unmeasured };
  }
  const platform = PLATFORMS.find((p) => p.id === mode);
  const gain = (s: SlotId) => {
    const m = slots[s];
    return platform && measured(m) ? platformGainDb(platform, m) : 0;
  };
  return { gainDb: { A: gain('A'), B: gain('B') }, unmeasured };
}

/** "B: −3.1 dB on Spotify", "A: −10.0 dB matched", "B: 0.0 dB as it is". */
export function gainLabel(slot: SlotId, mode: CompareMode, db: number): string {
  const where = mode === 'matched' ? 'matched' : mode === 'as-is' ? 'as it is' : `on ${MODE_LABELS[mode]}`;
  return `${slot}: ${formatGainDb(db)} ${where}`;
}

export const dbToLinear = (db: number) => 10 ** (db / 20);
export const linearToDb = (gain: number) => (gain > 0 ? 20 * Math.log10(gain) : Number.NEGATIVE_INFINITY);
