import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { driftFix, elementTime, slotOffsetSeconds, timelinePosition } from './compare-align';
import { COMPARE } from './compare-constants';

const facts = (trackId: number, alignSeconds: number | null, audioStartSeconds: number | null) => ({
  trackId,
  alignSeconds,
  audioStartSeconds,
});

describe('slotOffsetSeconds', () => {
  it('versions of one track: the difference of their alignSeconds', () => {
    // The current version starts at 1.0 s, an earlier one 0.7 s sooner (alignSeconds −0.7).
    expect(slotOffsetSeconds(facts(1, 0, 1), facts(1, -0.7, 0.3))).toBeCloseTo(-0.7, 9);
    expect(slotOffsetSeconds(facts(1, -0.7, 0.3), facts(1, 0, 1))).toBeCloseTo(0.7, 9);
    expect(slotOffsetSeconds(facts(1, 0.2, null), facts(1, -0.5, null))).toBeCloseTo(-0.7, 9);
  });

  it('two different takes: where each one’s audio starts', () => {
    expect(slotOffsetSeconds(facts(1, 0, 2.5), facts(2, 0, 0.5))).toBeCloseTo(-2, 9);
  });

  it('falls back to the audio starts, then to 0', () => {
    expect(slotOffsetSeconds(facts(1, null, 1), facts(1, 0, 0.25))).toBeCloseTo(-0.75, 9);
    expect(slotOffsetSeconds(facts(1, null, null), facts(2, 0, 0.25))).toBe(0);
  });

  it('is antisymmetric, and maps a position to the same musical point in both slots', () => {
    const n = fc.option(fc.double({ min: -30, max: 30, noNaN: true }), { nil: null });
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 }),
        n,
        n,
        n,
        n,
        fc.double({ min: 0, max: 3600, noNaN: true }),
        (t, a1, a2, s1, s2, pos) => {
          const a = facts(1, a1, s1);
          const b = facts(t, a2, s2);
          const ab = slotOffsetSeconds(a, b);
          expect(ab + slotOffsetSeconds(b, a)).toBeCloseTo(0, 9);
          expect(timelinePosition(elementTime(pos, ab), ab)).toBeCloseTo(pos, 6);
        },
      ),
    );
  });
});

describe('driftFix', () => {
  it('leaves a slot in step at rate 1', () => {
    expect(driftFix(10, 10.005)).toEqual({ kind: 'rate', rate: 1 });
  });
  it('nudges a small drift by rate, towards the target and within the limit', () => {
    const behind = driftFix(10, 9.95);
    const ahead = driftFix(10, 10.1);
    expect(behind.kind === 'rate' && behind.rate > 1 && behind.rate <= 1 + COMPARE.maxRateNudge).toBe(true);
    expect(ahead.kind === 'rate' && ahead.rate < 1 && ahead.rate >= 1 - COMPARE.maxRateNudge).toBe(true);
  });
  it('re-seeks a large drift, never before 0', () => {
    expect(driftFix(12, 10)).toEqual({ kind: 'seek', to: 12 });
    expect(driftFix(-1, 3)).toEqual({ kind: 'seek', to: 0 });
  });
});
