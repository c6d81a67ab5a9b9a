// One FFT for the media code (onset alignment, spectrogram), with its twiddle factors computed once
// per length: the hot loops only read them.

const twiddles = new Map<number, { cos: Float64Array; sin: Float64Array }>();

/** cos and sin of −2πk/n for k < n/2, computed once per length (the FFT's hot loop only reads them). */
function twiddlesOf(n: number) {
  let table = twiddles.get(n);
  if (!table) {
    const angle = (k: number) => (-2 * Math.PI * k) / n;
    table = {
      cos: Float64Array.from({ length: n / 2 }, (_, k) => Math.cos(angle(k))),
      sin: Float64Array.from({ length: n / 2 }, (_, k) => Math.sin(angle(k))),
    };
    twiddles.set(n, table);
  }
  return table;
}

/**
 * In-place iterative radix-2 FFT of `re`/`im` (length a power of two); `inverse` turns the
 * rotation the other way and leaves the 1/n to the caller.
 */
export function fft(re: Float64Array, im: Float64Array, inverse = false): void {
  const n = re.length;
  const { cos, sin } = twiddlesOf(n);
  const sign = inverse ? -1 : 1;
  for (let i = 1, j = 0; i < n; i += 1) {
    let bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) {
      const r = re[i]!;
      re[i] = re[j]!;
      re[j] = r;
      const m = im[i]!;
      im[i] = im[j]!;
      im[j] = m;
    }
  }
  for (let size = 2; size <= n; size <<= 1) {
    const half = size >> 1;
    const stride = n / size;
    for (let start = 0; start < n; start += size) {
      for (let k = 0; k < half; k += 1) {
        const wr = cos[k * stride]!;
        const wi = sign * sin[k * stride]!;
        const a = start + k;
        const b = a + half;
        const tr = re[b]! * wr - im[b]! * wi;
        const ti = re[b]! * wi + im[b]! * wr;
        re[b] = re[a]! - tr;
        im[b] = im[a]! - ti;
        re[a] = re[a]! + tr;
        im[a] = im[a]! + ti;
      }
    }
  }
}

const halves = new Map<number, { re: Float64Array; im: Float64Array }>();

/**
 * The spectrum of `input` (n real samples, n a power of two) through one complex FFT of n/2: the
 * even samples as the real part, the odd as the imaginary, then unpacked (the textbook trick, twice
 * as fast as a complex FFT of n). Writes bins 0…n/2 into `re` and `im` (length n/2 + 1 or more).
 */
export function realFft(input: Float64Array, re: Float64Array, im: Float64Array): void {
  const n = input.length;
  const h = n / 2;
  let half = halves.get(n);
  if (!half) {
    half = { re: new Float64Array(h), im: new Float64Array(h) };
    halves.set(n, half);
  }
  const { re: zr, im: zi } = half;
  for (let m = 0; m < h; m += 1) {
    zr[m] = input[2 * m]!;
    zi[m] = input[2 * m + 1]!;
  }
  fft(zr, zi);
  const { cos, sin } = twiddlesOf(n);
  for (let k = 0; k < h; k += 1) {
    const mirror = k === 0 ? 0 : h - k;
    // Z[k] = E[k] + i·O[k], with E and O the spectra of the even and odd samples.
    const evenRe = (zr[k]! + zr[mirror]!) / 2;
    const evenIm = (zi[k]! - zi[mirror]!) / 2;
    const oddRe = (zi[k]! + zi[mirror]!) / 2;
    const oddIm = (zr[mirror]! - zr[k]!) / 2;
    const wr = cos[k]!;
    const wi = sin[k]!;
    re[k] = evenRe + wr * oddRe - wi * oddIm;
    im[k] = evenIm + wr * oddIm + wi * oddRe;
  }
  re[h] = zr[0]! - zi[0]!;
  im[h] = 0;
}
