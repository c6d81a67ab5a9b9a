import type { TrackVersion } from '../../../shared/schemas/track-versions';
import { COMPARE } from './compare-constants';

/** What alignment needs of a slot's take. */
export type AlignFacts = Pick<TrackVersion, 'trackId' | 'alignSeconds' | 'audioStartSeconds'>;

const known = (n: number | null | undefined): n is number => typeof n === 'number' && Number.isFinite(n);

/**
 * How far into its own file slot B's music is when slot A's is at the same musical point, in
 * seconds (decision 0637): versions of one track by their `alignSeconds` (each relative to the
 * current version, so the difference holds between any two), two different takes (or versions
 * without it) by where each one's audio starts after its leading silence. Unknown: 0.
 */
export function slotOffsetSeconds(a: AlignFacts, b: AlignFacts): number {
  if (a.trackId === b.trackId && known(a.alignSeconds) && known(b.alignSeconds))
    return b.alignSeconds - a.alignSeconds;
  if (known(a.audioStartSeconds) && known(b.audioStartSeconds))
    return b.audioStartSeconds - a.audioStartSeconds;
  return 0;
}

/**
 * The reference timeline is slot A's own time. A slot's element time for a timeline position;
 * negative when that slot's file has not reached this point (it waits at 0, silent lead-in).
 */
export const elementTime = (position: number, offset: number) => position + offset;
/** The timeline position a slot's element time stands for. */
export const timelinePosition = (time: number, offset: number) => time - offset;

export type DriftFix = { kind: 'seek'; to: number } | { kind: 'rate'; rate: number };

/**
 * What to do with the muted slot, whose element is at `actual` when it should be at `target`: leave
 * it, nudge its rate (smooth, silent: it is muted), or re-seek it when far off (decision 0637).
 */
export function driftFix(target: number, actual: number): DriftFix {
  const error = target - actual;
  if (Math.abs(error) >= COMPARE.driftSeekSeconds) return { kind: 'seek', to: Math.max(0, target) };
  if (Math.abs(error) <= COMPARE.driftToleranceSeconds) return { kind: 'rate', rate: 1 };
  // Catch up over about a fifth of a second, within the nudge limit (a quarter: 250 ms a second).
  const nudge = Math.max(-COMPARE.maxRateNudge, Math.min(COMPARE.maxRateNudge, error * 5));
  return { kind: 'rate', rate: 1 + nudge };
}
