/**
 * How streaming services level a master (issue 47, decisions 0636 and 0840): each service's reference
 * loudness and whether it also turns quiet masters up. Pure, shared by the track details' Loudness
 * section and the A/B compare panel's platform presets, so the two never disagree.
 *
 * Sources (decision 0840): Spotify for Artists, "Loudness normalization" (−14 LUFS; positive gain
 * only as far as 1 dB of true-peak headroom is left, "leave 1 dB headroom for lossy encodings"; keep
 * masters below −1 dBTP); Apple Music's Sound Check plays at −16 LUFS and raises quiet masters;
 * YouTube, Tidal and Amazon Music play at −14 LUFS and only turn loud masters down.
 */
export type PlatformId = 'spotify' | 'apple-music' | 'youtube' | 'tidal' | 'amazon';

export interface Platform {
  id: PlatformId;
  name: string;
  /** The integrated loudness the service plays every track at (LUFS). */
  targetLufs: number;
  /** Whether it raises quiet masters (up to PLATFORM_PEAK_CEILING_DB) or only turns loud ones down. */
  turnsUp: boolean;
}

export const PLATFORMS: readonly Platform[] = [
  { id: 'spotify', name: 'Spotify', targetLufs: -14, turnsUp: true },
  { id: 'apple-music', name: 'Apple Music', targetLufs: -16, turnsUp: true },
  { id: 'youtube', name: 'YouTube', targetLufs: -14, turnsUp: false },
  { id: 'tidal', name: 'Tidal', targetLufs: -14, turnsUp: false },
  { id: 'amazon', name: 'Amazon Music', targetLufs: -14, turnsUp: false },
];

/** The true peak a platform's raise stops at (dBTP): Spotify's 1 dB of headroom for lossy encodings. */
export const PLATFORM_PEAK_CEILING_DB = -1;

/**
 * Above this true peak (dBTP) a master may clip once a service encodes it to a lossy format (the
 * decoder's overshoot): Spotify's "keep it below −1 dB TP", AES TD1004's −1 dBTP. Above 0 dBTP it
 * will. Decision 0841.
 */
export const TRUE_PEAK_WARNING_DB = -1;

/** Gains smaller than this (dB) are said as "plays it as it is": nobody hears a twentieth of a dB. */
const AUDIBLE_GAIN_DB = 0.05;

/** The gain (dB) `platform` applies to a master of `lufs` integrated loudness and `truePeakDb`. */
export function platformGainDb(platform: Platform, m: { lufs: number; truePeakDb: number }): number {
  const toTarget = platform.targetLufs - m.lufs;
  if (toTarget <= 0) return toTarget;
  if (!platform.turnsUp) return 0;
  return Math.max(0, Math.min(toTarget, PLATFORM_PEAK_CEILING_DB - m.truePeakDb));
}

/** "−3.1 dB", "0.0 dB", "+2.0 dB" (a true minus sign; −0.0 shows as 0.0). */
export function formatGainDb(db: number): string {
  const rounded = Math.round(db * 10) / 10;
  if (rounded === 0) return '0.0 dB';
  return `${rounded < 0 ? '\u2212' : '+'}${Math.abs(rounded).toFixed(1)} dB`;
}

/** A decibel figure with one decimal and a true minus sign: "−14.2", "+0.4", "0.0". */
export function formatDecibels(value: number, signed = false): string {
  const rounded = Math.round(value * 10) / 10;
  const sign = rounded < 0 ? '\u2212' : signed && rounded > 0 ? '+' : '';
  return `${sign}${Math.abs(rounded).toFixed(1)}`;
}

/** "Spotify turns this down 3.1 dB", "Apple Music turns this up 1.2 dB", "YouTube plays it as it is". */
export function platformSentence(platform: Platform, gainDb: number): string {
  if (Math.abs(gainDb) < AUDIBLE_GAIN_DB) return `${platform.name} plays it as it is`;
  const amount = Math.abs(Math.round(gainDb * 10) / 10).toFixed(1);
  return `${platform.name} turns this ${gainDb < 0 ? 'down' : 'up'} ${amount} dB`;
}

/**
 * The warning a true peak earns, or null: above 0 dBTP the encoded file will clip; between
 * TRUE_PEAK_WARNING_DB and 0 it may (decision 0841).
 */
export function truePeakWarning(truePeakDb: number): string | null {
  if (truePeakDb <= TRUE_PEAK_WARNING_DB) return null;
  const verb = truePeakDb > 0 ? 'will' : 'may';
  return `true peak ${formatDecibels(truePeakDb, true)} dBTP: ${verb} clip after encoding`;
}

export interface PlatformPlayback {
  platform: Platform;
  gainDb: number;
  sentence: string;
}

/** What every platform does to a measured master, in PLATFORMS' order. */
export function platformPlayback(m: { lufs: number; truePeakDb: number }): PlatformPlayback[] {
  return PLATFORMS.map((platform) => {
    const gainDb = platformGainDb(platform, m);
    return { platform, gainDb, sentence: platformSentence(platform, gainDb) };
  });
}
