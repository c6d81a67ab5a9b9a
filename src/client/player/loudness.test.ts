import { describe, expect, it } from 'vitest';
import { dbToGain, levellingGainDb } from './loudness';

describe('loudness levelling gain (decision 0050: target -14 LUFS, ceiling -1 dBTP, at most +12 dB)', () => {
  it('turns a loud master down to the target', () => {
    expect(levellingGainDb({ integratedLufs: -8, truePeakDb: 0.5, loudnessRange: null })).toBeCloseTo(-6);
  });

  it('lifts a quiet track only as far as its true peak allows', () => {
    // -20 LUFS wants +6 dB, but a -4 dBTP peak has only 3 dB of room below -1 dBTP.
    expect(levellingGainDb({ integratedLufs: -20, truePeakDb: -4, loudnessRange: null })).toBeCloseTo(3);
    // Plenty of headroom: the full step.
    expect(levellingGainDb({ integratedLufs: -20, truePeakDb: -12, loudnessRange: null })).toBeCloseTo(6);
  });

  it('never boosts more than 12 dB', () => {
    expect(levellingGainDb({ integratedLufs: -40, truePeakDb: -30, loudnessRange: null })).toBeCloseTo(12);
  });

  it('plays unmeasured tracks at unity gain', () => {
    expect(levellingGainDb(null)).toBe(0);
    expect(levellingGainDb(undefined)).toBe(0);
    expect(
      levellingGainDb({ integratedLufs: Number.NEGATIVE_INFINITY, truePeakDb: -90, loudnessRange: null }),
    ).toBe(0);
  });

  it('converts dB to amplitude', () => {
    expect(dbToGain(0)).toBe(1);
    expect(dbToGain(-6)).toBeCloseTo(0.501, 3);
    expect(dbToGain(20)).toBeCloseTo(10);
  });
});
