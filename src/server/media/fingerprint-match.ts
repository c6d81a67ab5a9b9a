/**
 * Comparing two takes by their Chromaprint raw fingerprints (issue 47, decision 0831): the best
 * alignment within a few seconds either way, then the share of bits that agree where they overlap.
 */

/** Chromaprint's sub-fingerprint step at 11 025 Hz: 4096-sample frames, a third apart. */
export const FINGERPRINT_ITEM_SECONDS = 4096 / 3 / 11_025;
/** How far one take may be trimmed or padded against the other and still line up. */
const MAX_SHIFT_SECONDS = 12;
/** Overlap below which no verdict is given: a few seconds in common says nothing. */
const MIN_OVERLAP_SECONDS = 8;
/**
 * Bit error rates (share of differing bits) at either end of the similarity scale: random bits
 * differ on half, but music shares structure (same scale, same sounds), so unrelated takes sit at
 * 0.38–0.45 (docs/analysis-accuracy-B.md); re-encodes, trims and level changes of one take at
 * 0–0.03, low-bitrate encodes somewhat above. At or below SAME_BER the similarity is 1, at or above
 * UNRELATED_BER 0, linear between.
 */
const SAME_BER = 0.05;
const UNRELATED_BER = 0.35;

/**
 * The low bits of a sub-fingerprint are the least stable (re-encoding flips them first): the index
 * keeps the high bits, so the same audio shares many of them whatever the encoding (decision 0831).
 */
export const HASH_DROP_BITS = 12;
/** Hashes kept per track: the first 120 s give ~970 sub-fingerprints, fewer once deduplicated. */
export const MAX_HASHES = 1000;

export function encodeFingerprint(raw: Uint32Array): string {
  return Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength).toString('base64');
}

export function decodeFingerprint(base64: string): Uint32Array {
  const bytes = Buffer.from(base64, 'base64');
  const raw = new Uint32Array(bytes.length >> 2);
  for (let i = 0; i < raw.length; i++) raw[i] = bytes.readUInt32LE(i * 4);
  return raw;
}

/** What the GIN index looks candidates up by: the sub-fingerprints' high bits, each once. */
export function fingerprintHashes(raw: Uint32Array): number[] {
  const hashes = new Set<number>();
  for (const item of raw) {
    hashes.add(item >>> HASH_DROP_BITS);
    if (hashes.size >= MAX_HASHES) break;
  }
  return [...hashes];
}

function popcount(x: number): number {
  let v = x - ((x >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

export interface FingerprintComparison {
  /** 0 (nothing in common) to 1 (the same audio). */
  similarity: number;
  /** Where `b` starts within `a` at the best alignment (negative: `b` starts earlier). */
  offsetSeconds: number;
  /** Share of differing bits at that alignment. */
  bitErrorRate: number;
}

/** The best alignment of `b` against `a`; null when they never overlap long enough to say. */
export function compareFingerprints(a: Uint32Array, b: Uint32Array): FingerprintComparison | null {
  const maxShift = Math.round(MAX_SHIFT_SECONDS / FINGERPRINT_ITEM_SECONDS);
  const minOverlap = Math.round(MIN_OVERLAP_SECONDS / FINGERPRINT_ITEM_SECONDS);
  let best: { errors: number; overlap: number; shift: number } | null = null;
  for (let shift = -maxShift; shift <= maxShift; shift++) {
    // b[i] lines up with a[i + shift].
    const start = Math.max(0, -shift);
    const end = Math.min(b.length, a.length - shift);
    const overlap = end - start;
    if (overlap < minOverlap) continue;
    let errors = 0;
    for (let i = start; i < end; i++) errors += popcount((a[i + shift]! ^ b[i]!) >>> 0);
    if (!best || errors / overlap < best.errors / best.overlap) best = { errors, overlap, shift };
  }
  if (!best) return null;
  const bitErrorRate = best.errors / (best.overlap * 32);
  const similarity = Math.min(1, Math.max(0, (UNRELATED_BER - bitErrorRate) / (UNRELATED_BER - SAME_BER)));
  return { similarity, offsetSeconds: best.shift * FINGERPRINT_ITEM_SECONDS, bitErrorRate };
}
