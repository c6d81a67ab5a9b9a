import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  alignSeconds,
  correlateEnvelopes,
  decodeEnvelope,
  encodeEnvelope,
  MIN_CORRELATION,
  measureOnsets,
  ONSET_HOP_SECONDS,
  ONSET_WINDOW_SECONDS,
} from './onsets';

const RATE = 8000;

/** A seeded pseudo-random source, so a failing property replays the same "music". */
function random(seed: number) {
  let state = seed >>> 0 || 1;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** Notes with sharp attacks and decays at irregular times, as a take's opening might be. */
function music(seed: number, seconds = 20): Float32Array {
  const next = random(seed);
  const out = new Float32Array(Math.round(seconds * RATE));
  let t = 0.05;
  while (t < seconds - 0.5) {
    const start = Math.round(t * RATE);
    const frequency = 110 + next() * 700;
    const amplitude = 0.2 + next() * 0.6;
    const length = Math.round((0.15 + next() * 0.5) * RATE);
    for (let i = 0; i < length && start + i < out.length; i++) {
      out[start + i]! +=
        amplitude * Math.exp(-i / (0.12 * RATE)) * Math.sin((2 * Math.PI * frequency * i) / RATE);
    }
    t += 0.12 + next() * 0.6;
  }
  return out;
}

/** `samples` after `silence` seconds of silence, at `gainDb`. */
function take(samples: Float32Array, silence: number, gainDb = 0): Float32Array {
  const lead = Math.round(silence * RATE);
  const out = new Float32Array(lead + samples.length);
  const gain = 10 ** (gainDb / 20);
  for (let i = 0; i < samples.length; i++) out[lead + i] = samples[i]! * gain;
  return out;
}

describe('onset envelope', () => {
  it('finds where the audio starts, relative to the file’s own level', () => {
    const tone = new Float32Array(RATE).map((_, i) => 0.01 * Math.sin((2 * Math.PI * 440 * i) / RATE));
    expect(measureOnsets(take(tone, 1.25)).audioStartSeconds).toBeCloseTo(1.25, 2);
    expect(measureOnsets(take(tone, 0.3, 30)).audioStartSeconds).toBeCloseTo(0.3, 2);
    expect(measureOnsets(new Float32Array(RATE)).audioStartSeconds).toBeNull();
  });

  it('holds one value per 10 ms of the opening, at most the window', () => {
    const short = decodeEnvelope(measureOnsets(new Float32Array(3 * RATE)).onsets);
    expect(short).toHaveLength(Math.round(3 / ONSET_HOP_SECONDS));
    const long = new Float32Array((ONSET_WINDOW_SECONDS + 10) * RATE);
    expect(decodeEnvelope(measureOnsets(long).onsets)).toHaveLength(ONSET_WINDOW_SECONDS / ONSET_HOP_SECONDS);
  });

  it('does not change with the level', () => {
    const loud = measureOnsets(take(music(7), 0.5));
    const quiet = measureOnsets(take(music(7), 0.5, -10));
    expect(quiet.onsets).toBe(loud.onsets);
    expect(quiet.audioStartSeconds).toBe(loud.audioStartSeconds);
  });

  it('round-trips through its stored form, and reads an unknown layout as not measured', () => {
    const values = new Uint8Array([0, 3, 255, 17]);
    expect(decodeEnvelope(encodeEnvelope(values))).toEqual(values);
    expect(decodeEnvelope(Buffer.from([9, 1, 2]).toString('base64'))).toBeNull();
    expect(decodeEnvelope(null)).toBeNull();
  });
});

describe('alignSeconds', () => {
  it('a shifted copy aligns to its shift, whatever the levels (positive when it starts later)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000 }),
        fc.double({ min: 0, max: 4, noNaN: true }),
        fc.double({ min: 0, max: 4, noNaN: true }),
        fc.double({ min: -20, max: 0, noNaN: true }),
        (seed, versionSilence, referenceSilence, gainDb) => {
          const notes = music(seed, 12);
          const version = measureOnsets(take(notes, versionSilence, gainDb));
          const reference = measureOnsets(take(notes, referenceSilence));
          const aligned = alignSeconds(version, reference);
          expect(aligned).not.toBeNull();
          // Within a fifth of a hop: the interpolation finds the peak between hops.
          expect(Math.abs(aligned! - (versionSilence - referenceSilence))).toBeLessThan(0.004);
        },
      ),
      { numRuns: 25 },
    );
  });

  it('lines up takes whose openings differ beyond the shift (a different ending, added noise)', () => {
    const notes = music(42, 15);
    const noisy = take(notes, 2.2, -6).map((v, i) => v + 0.01 * Math.sin(i * 1.7) * random(i)());
    const cut = take(notes.subarray(0, 10 * RATE), 0.4);
    expect(alignSeconds(measureOnsets(noisy), measureOnsets(cut))).toBeCloseTo(1.8, 2);
  });

  it('falls back to the audio starts when the envelopes do not match, and is null without either', () => {
    const a = measureOnsets(take(music(1), 1.5));
    const b = measureOnsets(take(music(2), 0.5));
    expect(correlateEnvelopes(decodeEnvelope(a.onsets)!, decodeEnvelope(b.onsets)!)!.strength).toBeLessThan(
      MIN_CORRELATION,
    );
    expect(alignSeconds(a, b)).toBeCloseTo(a.audioStartSeconds! - b.audioStartSeconds!, 4);
    expect(alignSeconds({ onsets: null, audioStartSeconds: 1 }, b)).toBeCloseTo(1 - b.audioStartSeconds!, 4);
    expect(alignSeconds({ onsets: null, audioStartSeconds: null }, b)).toBeNull();
    // A silent file: a flat envelope and no start.
    expect(alignSeconds(measureOnsets(new Float32Array(RATE * 5)), b)).toBeNull();
  });

  it('a take aligns to itself at 0', () => {
    const a = measureOnsets(take(music(5), 0.8));
    expect(alignSeconds(a, a)).toBe(0);
  });
});
