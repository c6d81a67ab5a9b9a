import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COMPARE } from './compare-constants';
import { compareGains, formatGainDb, gainLabel, PLATFORMS, platformGainDb } from './compare-gains';

const lufs = fc.double({ min: -40, max: -3, noNaN: true });
const peak = fc.double({ min: -20, max: 2, noNaN: true });
const take = fc.record({ lufs, truePeakDb: peak });

describe('compareGains, matched', () => {
  it('turns the louder one down to the quieter one: 10 LU apart, 10 dB apart', () => {
    const { gainDb } = compareGains('matched', {
      A: { lufs: -8, truePeakDb: -0.5 },
      B: { lufs: -18, truePeakDb: -6 },
    });
    expect(gainDb.A).toBeCloseTo(-10, 6);
    expect(gainDb.B).toBeCloseTo(0, 6);
  });

  it('holds any two measured takes within ±0.5 LU, never raised, never past 0 dBTP', () => {
    fc.assert(
      fc.property(take, take, (a, b) => {
        const { gainDb } = compareGains('matched', { A: a, B: b });
        expect(Math.abs(a.lufs + gainDb.A - (b.lufs + gainDb.B))).toBeLessThanOrEqual(
          COMPARE.matchToleranceLu,
        );
        expect(gainDb.A).toBeLessThanOrEqual(1e-9);
        expect(gainDb.B).toBeLessThanOrEqual(1e-9);
        // Past 0 dBTP only if it was already and is not raised; otherwise at most 0 dBTP.
        expect(a.truePeakDb + gainDb.A).toBeLessThanOrEqual(1e-6);
        expect(b.truePeakDb + gainDb.B).toBeLessThanOrEqual(1e-6);
        // Never more turn-down than needed: one of them plays as loud as it may.
        const slack = (m: typeof a, g: number) => g + Math.max(0, m.truePeakDb);
        expect(Math.max(slack(a, gainDb.A), slack(b, gainDb.B))).toBeCloseTo(0, 6);
      }),
    );
  });

  it('limits by the other slot when the quieter one already peaks above 0 dBTP', () => {
    const { gainDb } = compareGains('matched', {
      A: { lufs: -10, truePeakDb: -1 },
      B: { lufs: -12, truePeakDb: 1.5 },
    });
    expect(gainDb.B).toBeCloseTo(-1.5, 6);
    expect(gainDb.A).toBeCloseTo(-3.5, 6);
  });

  it('plays an unmeasured slot, and its partner, at 0 dB and says which', () => {
    const result = compareGains('matched', { A: { lufs: -9, truePeakDb: -1 }, B: null });
    expect(result).toEqual({ gainDb: { A: 0, B: 0 }, unmeasured: ['B'] });
  });
});

describe('compareGains, as they are and platforms', () => {
  it('as they are: 0 dB both', () => {
    expect(
      compareGains('as-is', { A: { lufs: -6, truePeakDb: 0 }, B: { lufs: -20, truePeakDb: -9 } }).gainDb,
    ).toEqual({
      A: 0,
      B: 0,
    });
  });

  it('turn-down-only platforms never raise; every platform turns a loud master down to its target', () => {
    fc.assert(
      fc.property(take, (m) => {
        for (const p of PLATFORMS) {
          const g = platformGainDb(p, m);
          if (m.lufs > p.targetLufs) expect(g).toBeCloseTo(p.targetLufs - m.lufs, 9);
          if (!p.turnsUp) expect(g).toBeLessThanOrEqual(0);
          // A raise never takes the true peak past −1 dBTP.
          if (g > 0) expect(m.truePeakDb + g).toBeLessThanOrEqual(-1 + 1e-9);
        }
      }),
    );
  });

  it('Spotify raises a quiet master as far as its peak allows; YouTube leaves it', () => {
    const quiet = { lufs: -20, truePeakDb: -4 };
    expect(compareGains('spotify', { A: quiet, B: null }).gainDb.A).toBeCloseTo(3, 6);
    expect(compareGains('apple-music', { A: quiet, B: null }).gainDb.A).toBeCloseTo(3, 6);
    expect(compareGains('youtube', { A: quiet, B: null }).gainDb.A).toBe(0);
    expect(compareGains('tidal', { A: { lufs: -9, truePeakDb: 0 }, B: null }).gainDb.A).toBeCloseTo(-5, 6);
    expect(compareGains('apple-music', { A: { lufs: -9, truePeakDb: 0 }, B: null }).gainDb.A).toBeCloseTo(
      -7,
      6,
    );
  });
});

describe('labels', () => {
  it('names the slot, the gain with a true minus and the platform', () => {
    expect(gainLabel('B', 'spotify', -3.14)).toBe('B: \u22123.1 dB on Spotify');
    expect(gainLabel('A', 'matched', -10)).toBe('A: \u221210.0 dB matched');
    expect(formatGainDb(-0.01)).toBe('0.0 dB');
    expect(formatGainDb(2)).toBe('+2.0 dB');
  });
});
