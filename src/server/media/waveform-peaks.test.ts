import { describe, expect, it } from 'vitest';
import { PEAK_PAIRS, PeakReducer } from './waveform-peaks';

function floats(values: number[]): Buffer {
  const buf = Buffer.alloc(values.length * 4);
  for (const [i, v] of values.entries()) buf.writeFloatLE(v, i * 4);
  return buf;
}

describe('PeakReducer', () => {
  it('gives PEAK_PAIRS pairs whatever the length (memory bounded: buckets merge as samples arrive)', () => {
    for (const length of [5_000, 1_000_000, 3_000_000]) {
      const reducer = new PeakReducer();
      for (let i = 0; i < length; i++) reducer.push(Math.sin(i / 10) * 0.5);
      const peaks = reducer.finish();
      expect(peaks.length).toBe(PEAK_PAIRS * 2);
      // Normalised to the signal's own peak (0.5): full height.
      expect(Math.max(...peaks)).toBeCloseTo(1, 2);
      expect(Math.min(...peaks)).toBeCloseTo(-1, 2);
    }
  });

  it('reads floats split anywhere across chunks, as a pipe delivers them', () => {
    const bytes = floats([0.1, -0.2, 0.4, -0.8]);
    const reducer = new PeakReducer();
    for (const [from, to] of [
      [0, 3],
      [3, 9],
      [9, 16],
    ] as const) {
      reducer.pushBytes(bytes.subarray(from, to));
    }
    expect(reducer.samples).toBe(4);
    expect(reducer.finish()).toEqual([0, 0.125, -0.25, 0, 0, 0.5, -1, 0]);
  });

  it('a silent track draws flat, not as noise blown up to full height', () => {
    const reducer = new PeakReducer();
    for (let i = 0; i < 8000; i++) reducer.push(0);
    expect(new Set(reducer.finish())).toEqual(new Set([0]));
  });
});
