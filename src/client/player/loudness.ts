import { PLAYER } from '../../shared/constants';
import type { TrackLoudness } from '../../shared/schemas/tracks';

/**
 * Levelling gain in dB for a track (decision 0050), like ReplayGain: the step from its integrated
 * loudness to the target, but never so much that its true peak passes the ceiling, and never a
 * boost of more than `levelMaxBoostDb` (which would lift a quiet recording's noise floor with it).
 * Tracks not yet measured play at unity gain.
 */
export function levellingGainDb(loudness: TrackLoudness | null | undefined): number {
  if (!loudness || !Number.isFinite(loudness.integratedLufs) || !Number.isFinite(loudness.truePeakDb))
    return 0;
  const toTarget = PLAYER.levelTargetLufs - loudness.integratedLufs;
  const peakRoom = PLAYER.levelPeakCeilingDb - loudness.truePeakDb;
  return Math.min(toTarget, peakRoom, PLAYER.levelMaxBoostDb);
}

/** dB to a linear amplitude factor. */
export const dbToGain = (db: number): number => 10 ** (db / 20);
