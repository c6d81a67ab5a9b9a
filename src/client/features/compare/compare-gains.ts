import type { SlotId } from './compare-constants';

/**
 * How each slot is levelled (issue 43, decision 0636). "matched": both at the quieter one's loudness;
 * "as-is": untouched; a platform: as that service's loudness normalisation would play it.
 */
export type CompareMode = 'matched' | 'as-is' | PlatformId;
export type PlatformId = 'spotify' | 'apple-music' | 'youtube' | 'tidal' | 'amazon';

export interface Platform {
  id: PlatformId;
  name: string;
  targetLufs: number;
  /** Whether it raises quiet masters (up to its peak ceiling) or only turns loud ones down. */
  turnsUp: boolean;
}

/**
 * What we assume of each service (decision 0636): Spotify's default ("Normal") and Apple Music's
 * Sound Check raise a quiet master only as far as its true peak stays at −1 dBTP; YouTube, Tidal
 * and Amazon Music only turn loud masters down.
 */
export const PLATFORMS: readonly Platform[] = [
  { id: 'spotify', name: 'Spotify', targetLufs: -14, turnsUp: true },
  { id: 'apple-music', name: 'Apple Music', targetLufs: -16, turnsUp: true },
  { id: 'youtube', name: 'YouTube', targetLufs: -14, turnsUp: false },
  { id: 'tidal', name: 'Tidal', targetLufs: -14, turnsUp: false },
  { id: 'amazon', name: 'Amazon Music', targetLufs: -14, turnsUp: false },
];

/** The true peak a platform's raise stops at (dBTP). */
export const PLATFORM_PEAK_CEILING_DB = -1;
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

/** One slot as `platform` normalises it. */
export function platformGainDb(platform: Platform, m: { lufs: number; truePeakDb: number }): number {
  const toTarget = platform.targetLufs - m.lufs;
  if (toTarget <= 0) return toTarget;
  if (!platform.turnsUp) return 0;
  return Math.max(0, Math.min(toTarget, PLATFORM_PEAK_CEILING_DB - m.truePeakDb));
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

/** "−3.1 dB", "0.0 dB", "+2.0 dB" (a true minus sign; −0.0 shows as 0.0). */
export function formatGainDb(db: number): string {
  const rounded = Math.round(db * 10) / 10;
  if (rounded === 0) return '0.0 dB';
  return `${rounded < 0 ? '\u2212' : '+'}${Math.abs(rounded).toFixed(1)} dB`;
}

/** "B: −3.1 dB on Spotify", "A: −10.0 dB matched", "B: 0.0 dB as it is". */
export function gainLabel(slot: SlotId, mode: CompareMode, db: number): string {
  const where = mode === 'matched' ? 'matched' : mode === 'as-is' ? 'as it is' : `on ${MODE_LABELS[mode]}`;
  return `${slot}: ${formatGainDb(db)} ${where}`;
}

export const dbToLinear = (db: number) => 10 ** (db / 20);
export const linearToDb = (gain: number) => (gain > 0 ? 20 * Math.log10(gain) : Number.NEGATIVE_INFINITY);
