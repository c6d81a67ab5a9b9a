import { describe, expect, it } from 'vitest';
import { DEMO_SAMPLE_RATE, LANTERN_WALK, MORNING_LIGHT, renderDemoPiece, SLOW_TIDE } from './demo-audio';

/** Strength of one frequency in a stretch of samples (a single DFT bin). */
function magnitude(samples: Int16Array, hz: number): number {
  let re = 0;
  let im = 0;
  for (let i = 0; i < samples.length; i++) {
    const a = (2 * Math.PI * hz * i) / DEMO_SAMPLE_RATE;
    re += samples[i]! * Math.cos(a);
    im -= samples[i]! * Math.sin(a);
  }
  return Math.hypot(re, im) / samples.length;
}

describe('renderDemoPiece', () => {
  for (const [name, piece] of Object.entries({ MORNING_LIGHT, SLOW_TIDE, LANTERN_WALK })) {
    it(`${name}: a small, loud-enough, unclipped 16-bit mono WAV of the right length`, () => {
      const wav = renderDemoPiece(piece);
      expect(wav.toString('ascii', 0, 4)).toBe('RIFF');
      expect(wav.toString('ascii', 8, 12)).toBe('WAVE');
      expect(wav.readUInt16LE(22)).toBe(1);
      expect(wav.readUInt32LE(24)).toBe(DEMO_SAMPLE_RATE);
      expect(wav.readUInt16LE(34)).toBe(16);
      const samples = new Int16Array(wav.buffer.slice(wav.byteOffset + 44, wav.byteOffset + wav.length));
      expect(samples.length / DEMO_SAMPLE_RATE).toBeCloseTo(piece.seconds, 3);
      expect(wav.length).toBeLessThan(200 * 1024);
      const peak = samples.reduce((m, v) => Math.max(m, Math.abs(v)), 0);
      expect(peak).toBeGreaterThan(16_000);
      expect(peak).toBeLessThan(32_000);
      // Fades in and out: no click at either end.
      expect(Math.abs(samples[0]!)).toBeLessThan(100);
      expect(Math.abs(samples.at(-1)!)).toBeLessThan(100);
    });
  }

  it('plays its notes in tune: the first chord of Morning Light is C', () => {
    const wav = renderDemoPiece(MORNING_LIGHT);
    const first = new Int16Array(
      wav.buffer.slice(wav.byteOffset + 44 + 800 * 2, wav.byteOffset + 44 + 4800 * 2),
    );
    // C5 (the first bell note) and C3 (the bass) stand far above a D5 that is not played.
    expect(magnitude(first, 523.25)).toBeGreaterThan(10 * magnitude(first, 587.33));
    expect(magnitude(first, 130.81)).toBeGreaterThan(10 * magnitude(first, 146.83));
  });
});
