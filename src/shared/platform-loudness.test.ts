import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  PLATFORM_PEAK_CEILING_DB,
  PLATFORMS,
  platformGainDb,
  platformPlayback,
  platformSentence,
  truePeakWarning,
} from './platform-loudness';

const byId = (id: string) => PLATFORMS.find((p) => p.id === id)!;
const measurement = fc.record({
  lufs: fc.double({ min: -60, max: 0, noNaN: true }),
  truePeakDb: fc.double({ min: -40, max: 3, noNaN: true }),
});

describe('platform loudness (decision 0840)', () => {
  it('plays at each service’s own reference', () => {
    expect(PLATFORMS.map((p) => [p.name, p.targetLufs, p.turnsUp])).toEqual([
      ['Spotify', -14, true],
      ['Apple Music', -16, true],
      ['YouTube', -14, false],
      ['Tidal', -14, false],
      ['Amazon Music', -14, false],
    ]);
  });

  it('turns a loud master down to the reference, on every service', () => {
    const loud = { lufs: -8.2, truePeakDb: 0.4 };
    expect(platformGainDb(byId('spotify'), loud)).toBeCloseTo(-5.8, 5);
    expect(platformGainDb(byId('apple-music'), loud)).toBeCloseTo(-7.8, 5);
    expect(platformGainDb(byId('youtube'), loud)).toBeCloseTo(-5.8, 5);
  });

  it("raises a quiet master only as far as 1 dB of true-peak headroom is left (Spotify's own example)", () => {
    // Spotify for Artists: −20 LUFS with a true peak of −5 dBFS is lifted to −16 LUFS only.
    expect(platformGainDb(byId('spotify'), { lufs: -20, truePeakDb: -5 })).toBeCloseTo(4, 5);
    expect(platformGainDb(byId('spotify'), { lufs: -20, truePeakDb: -12 })).toBeCloseTo(6, 5);
    expect(platformGainDb(byId('youtube'), { lufs: -20, truePeakDb: -12 })).toBe(0);
  });

  it('never raises above the reference nor past the peak ceiling, and turn-down-only services never raise', () => {
    fc.assert(
      fc.property(measurement, fc.constantFrom(...PLATFORMS), (m, platform) => {
        const gain = platformGainDb(platform, m);
        expect(m.lufs + gain).toBeLessThanOrEqual(platform.targetLufs + 1e-9);
        if (gain > 0) {
          expect(platform.turnsUp).toBe(true);
          expect(m.truePeakDb + gain).toBeLessThanOrEqual(PLATFORM_PEAK_CEILING_DB + 1e-9);
        }
        // A master louder than the reference always ends exactly at it.
        if (m.lufs > platform.targetLufs) expect(m.lufs + gain).toBeCloseTo(platform.targetLufs, 9);
      }),
    );
  });

  it('says what each service does in words', () => {
    expect(platformSentence(byId('spotify'), -3.14)).toBe('Spotify turns this down 3.1 dB');
    expect(platformSentence(byId('apple-music'), 1.2)).toBe('Apple Music turns this up 1.2 dB');
    expect(platformSentence(byId('youtube'), 0)).toBe('YouTube plays it as it is');
    expect(platformSentence(byId('tidal'), -0.01)).toBe('Tidal plays it as it is');
    const sentences = platformPlayback({ lufs: -17, truePeakDb: -3 }).map((p) => p.sentence);
    expect(sentences).toEqual([
      'Spotify turns this up 2.0 dB',
      'Apple Music turns this up 1.0 dB',
      'YouTube plays it as it is',
      'Tidal plays it as it is',
      'Amazon Music plays it as it is',
    ]);
  });

  it('warns of a true peak above −1 dBTP: may clip up to 0, will clip above', () => {
    expect(truePeakWarning(-1)).toBeNull();
    expect(truePeakWarning(-3.2)).toBeNull();
    expect(truePeakWarning(-0.6)).toBe('true peak \u22120.6 dBTP: may clip after encoding');
    expect(truePeakWarning(0.4)).toBe('true peak +0.4 dBTP: will clip after encoding');
  });
});
