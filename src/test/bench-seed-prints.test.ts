import { describe, expect, it } from 'vitest';
import {
  FINGERPRINT_SECONDS,
  fingerprintItems,
  HASH_DROP_BITS,
  int4Array,
  MAX_HASHES,
  MIN_ITEMS,
  PrintBatch,
  SongPlan,
  fingerprintHashes as seedHashes,
} from '../../bench/lib/seed-prints.mjs';
import {
  HASH_DROP_BITS as APP_HASH_DROP_BITS,
  MAX_HASHES as APP_MAX_HASHES,
  compareFingerprints,
  decodeFingerprint,
  FINGERPRINT_ITEM_SECONDS,
  fingerprintHashes,
} from '../server/media/fingerprint-match';
import {
  FINGERPRINT_SECONDS as APP_FINGERPRINT_SECONDS,
  MIN_FINGERPRINT_SECONDS,
} from '../server/media/take-fingerprint';

// The scale seed's fingerprints (decision 0895) are what the media job would store for a take of
// that length, keyed in the GIN index as the app keys them.

/** A batch's take `k` as the tracks insert reads it: the fingerprint's words and its hashes. */
function take(batch: PrintBatch, k: number) {
  const [bytes, hashes] = batch.params();
  const at = batch.wordAt[k]!;
  const raw = decodeFingerprint(bytes.subarray(at * 4, (at + batch.items[k]!) * 4).toString('base64'));
  const keys: number[] = [];
  // int4Array's layout: 20 bytes of header, then (length 4, value) pairs.
  for (let i = 0; i < batch.hashCount[k]!; i++)
    keys.push(hashes.readInt32BE(20 + (batch.hashAt[k]! + i) * 8 + 4));
  return { raw, keys };
}

describe('scale seed fingerprints', () => {
  it('mirrors the constants of the app it stands in for', () => {
    expect(HASH_DROP_BITS).toBe(APP_HASH_DROP_BITS);
    expect(MAX_HASHES).toBe(APP_MAX_HASHES);
    expect(FINGERPRINT_SECONDS).toBe(APP_FINGERPRINT_SECONDS);
    expect(MIN_ITEMS * FINGERPRINT_ITEM_SECONDS).toBeCloseTo(MIN_FINGERPRINT_SECONDS);
  });

  it('sizes a fingerprint as Chromaprint does (221 sub-fingerprints for 30 s, 948 from 120 s)', () => {
    // docs/analysis-accuracy-B.md: 30 s pieces give 221 sub-fingerprints, fpcalc and the WASM alike.
    expect(fingerprintItems(30)).toBe(221);
    expect(fingerprintItems(45)).toBe(342);
    expect(fingerprintItems(120)).toBe(948);
    expect(fingerprintItems(600)).toBe(948);
    expect(fingerprintItems(1)).toBe(0);
    expect(fingerprintItems(60) / 60).toBeCloseTo(1 / FINGERPRINT_ITEM_SECONDS, 0);
  });

  it('keys each take as fingerprintHashes() does, and stores the raw fingerprint little-endian', () => {
    const plan = new SongPlan(200);
    const batch = new PrintBatch(200);
    for (let j = 1; j <= 200; j++) {
      plan.plan(j, 1 + Math.floor((j - 1) / 50) * 50);
      batch.add(plan, j, 30 + ((j * 37) % 570));
    }
    for (let k = 0; k < 200; k++) {
      const { raw, keys } = take(batch, k);
      expect(raw.length).toBe(fingerprintItems(30 + (((k + 1) * 37) % 570)));
      expect(keys).toEqual(fingerprintHashes(raw));
      expect(seedHashes(raw)).toEqual(keys);
    }
    // About as many distinct keys as real fingerprints have (860 of 948 for two minutes of music).
    const full = take(batch, 0);
    expect(full.keys.length / full.raw.length).toBeGreaterThan(0.85);
    expect(full.keys.length / full.raw.length).toBeLessThan(0.95);
  });

  it('makes re-takes of one song similar, and unrelated takes not', () => {
    const plan = new SongPlan(400);
    const batch = new PrintBatch(400);
    for (let j = 1; j <= 400; j++) {
      plan.plan(j, 1);
      batch.add(plan, j, 150);
    }
    const retakes = [...Array(400).keys()].filter((k) => plan.song[k + 1] !== k + 1);
    expect(retakes.length / 400).toBeGreaterThan(0.2);
    expect(retakes.length / 400).toBeLessThan(0.4);
    let found = 0;
    for (const k of retakes) {
      const song = plan.song[k + 1]! - 1;
      const comparison = compareFingerprints(take(batch, song).raw, take(batch, k).raw);
      // similar-tracks.service.ts reports from 0.6.
      if (comparison && comparison.similarity >= 0.6) found++;
    }
    expect(found / retakes.length).toBeGreaterThan(0.8);
    const origins = [...Array(400).keys()].filter((k) => plan.song[k + 1] === k + 1).slice(0, 12);
    for (const a of origins) {
      for (const b of origins) {
        if (a >= b) continue;
        const x = take(batch, a);
        const y = take(batch, b);
        // Unrelated music: bit error rates of 0.38-0.45 and a few shared keys (docs/analysis-accuracy-B.md).
        expect(compareFingerprints(x.raw, y.raw)?.similarity).toBe(0);
        const keys = new Set(x.keys);
        const shared = y.keys.filter((key) => keys.has(key)).length;
        expect(shared).toBeGreaterThan(0);
        expect(shared).toBeLessThan(150);
      }
    }
  });

  it('writes int4[] in PostgreSQL binary form', () => {
    const buffer = int4Array(Int32Array.from([7, -1]));
    expect([...buffer]).toEqual([
      ...[0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 23, 0, 0, 0, 2, 0, 0, 0, 1],
      ...[0, 0, 0, 4, 0, 0, 0, 7, 0, 0, 0, 4, 255, 255, 255, 255],
    ]);
  });
});
