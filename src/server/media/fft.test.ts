import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fft, realFft } from './fft';

// The media code's one FFT (onset alignment, spectrogram) and its real-input shortcut, checked
// against the definition of the discrete Fourier transform.

function dft(input: ArrayLike<number>) {
  const n = input.length;
  const re = new Float64Array(n);
  const im = new Float64Array(n);
  for (let k = 0; k < n; k += 1) {
    for (let t = 0; t < n; t += 1) {
      const angle = (-2 * Math.PI * k * t) / n;
      re[k]! += input[t]! * Math.cos(angle);
      im[k]! += input[t]! * Math.sin(angle);
    }
  }
  return { re, im };
}

const signal = (log2: number) =>
  fc.array(fc.double({ min: -1, max: 1, noNaN: true }), { minLength: 2 ** log2, maxLength: 2 ** log2 });

describe('fft', () => {
  it('is the discrete Fourier transform, and `inverse` brings the input back (times n)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 7 }).chain(signal), (input) => {
        const re = Float64Array.from(input);
        const im = new Float64Array(input.length);
        fft(re, im);
        const expected = dft(input);
        for (let k = 0; k < input.length; k += 1) {
          expect(re[k]).toBeCloseTo(expected.re[k]!, 9);
          expect(im[k]).toBeCloseTo(expected.im[k]!, 9);
        }
        fft(re, im, true);
        for (let t = 0; t < input.length; t += 1) expect(re[t]! / input.length).toBeCloseTo(input[t]!, 9);
      }),
      { numRuns: 60 },
    );
  });
});

describe('realFft', () => {
  it('gives the bins 0…n/2 of the complex FFT of the same real input', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 11 }).chain(signal), (input) => {
        const n = input.length;
        const re = Float64Array.from(input);
        const im = new Float64Array(n);
        fft(re, im);
        const realRe = new Float64Array(n / 2 + 1);
        const realIm = new Float64Array(n / 2 + 1);
        realFft(Float64Array.from(input), realRe, realIm);
        for (let k = 0; k <= n / 2; k += 1) {
          expect(realRe[k]).toBeCloseTo(re[k]!, 8);
          expect(realIm[k]).toBeCloseTo(im[k]!, 8);
        }
      }),
      { numRuns: 60 },
    );
  });
});
