// The scale seed's fingerprints (bench/scale-seed.mjs, decision 0895): Chromaprint raw fingerprints
// as the media job would store them for each seeded take, and their GIN keys as the app derives
// them. Pure: no database. src/test/bench-seed-prints.test.ts checks the sizes and the hashing
// against the app's own code (src/server/media/fingerprint-match.ts, take-fingerprint.ts).

/** Chromaprint's working rate and frame (4096 samples, a third apart), as take-fingerprint.ts feeds it. */
const SAMPLE_RATE = 11_025;
const FRAME = 4096;
const HOP = 1365;
/** The chroma filter (5 frames) and the widest classifier (16) eat into the frame count. */
const EDGE_ITEMS = 4 + 15;
/** take-fingerprint.ts: the opening two minutes; fewer than 16 sub-fingerprints is no fingerprint. */
export const FINGERPRINT_SECONDS = 120;
export const MIN_ITEMS = 16;
/** fingerprint-match.ts: the index keeps a sub-fingerprint's high bits, at most this many a take. */
export const HASH_DROP_BITS = 12;
export const MAX_HASHES = 1000;

/**
 * Sub-fingerprints Chromaprint gives for `seconds` of audio (of which it reads the first two
 * minutes): 221 for 30 s, 948 from 120 s on (7.9 a second); 0 when too short for a fingerprint.
 */
export function fingerprintItems(seconds) {
  const samples = Math.floor(Math.min(seconds, FINGERPRINT_SECONDS) * SAMPLE_RATE);
  const items = Math.floor((samples - FRAME) / HOP) + 1 - EDGE_ITEMS;
  return items >= MIN_ITEMS ? items : 0;
}

/** fingerprintHashes() of fingerprint-match.ts: each sub-fingerprint's high bits, first seen first, once. */
export function fingerprintHashes(words) {
  const hashes = new Set();
  for (const item of words) {
    hashes.add(item >>> HASH_DROP_BITS);
    if (hashes.size >= MAX_HASHES) break;
  }
  return [...hashes];
}

/** The same as fingerprintHashes(), into `out` at `at`, with a table instead of a Set (a million takes). */
const seenIn = new Int32Array(1 << (32 - HASH_DROP_BITS));
let seenStamp = 0;
function hashesInto(words, from, to, out, at) {
  seenStamp += 1;
  let count = 0;
  for (let i = from; i < to && count < MAX_HASHES; i++) {
    const hash = words[i] >>> HASH_DROP_BITS;
    if (seenIn[hash] === seenStamp) continue;
    seenIn[hash] = seenStamp;
    out[at + count++] = hash;
  }
  return count;
}

/** A 32-bit integer hash (lowbias32): every value below is a hash of its key and position. */
function mix(x) {
  let h = x >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  h = Math.imul(h, 0x846ca68b);
  h ^= h >>> 16;
  return h >>> 0;
}
const hash3 = (a, b, c) => mix(mix(mix(a) ^ b) + Math.imul(c, 0x9e3779b9));
const UNIT = 4_294_967_296;

// A sub-fingerprint is 16 two-bit classifier outputs (Gray-coded quantiser levels). Real ones are far
// from uniform: the accuracy table (docs/analysis-accuracy-B.md) has unrelated 30 s pieces sharing 2
// to 5 of ~200 hashes where uniform 20-bit keys would share 0.04, and bit error rates of 0.38-0.45
// between them. Levels drawn with p = (9, 4, 2, 1)/16 give both: a 1e-4 chance that two unrelated
// keys agree (about 3 shared of 200), a bit error rate of 0.38.
const GRAY = [0, 1, 3, 2];
/** 16 random bits in, four classifier outputs (8 bits) out. */
const LEVELS = new Uint8Array(65_536);
{
  const level = (r) => GRAY[r < 9 ? 0 : r < 13 ? 1 : r < 15 ? 2 : 3];
  for (let r = 0; r < 65_536; r++) {
    LEVELS[r] =
      (level(r >>> 12) << 6) | (level((r >>> 8) & 15) << 4) | (level((r >>> 4) & 15) << 2) | level(r & 15);
  }
}
/** The 20 high bits (what the index keys on) of sub-fingerprint `pos` of the audio keyed `key`. */
function high20(key, pos) {
  const a = mix(key + Math.imul(pos, 0x9e3779b9));
  const b = mix(a ^ 0x68e31da4);
  return (LEVELS[a >>> 16] << 12) | (LEVELS[a & 0xffff] << 4) | (LEVELS[b & 0xffff] >>> 4);
}
/** Neighbouring sub-fingerprints overlap (frames a third apart): this share repeat the one before's high bits. */
const REPEAT = 0.08 * UNIT;

/** Sub-fingerprint `pos` of the audio keyed `key` (mix() of a song's or a take's number). */
function subFingerprint(key, pos) {
  const c = mix(key ^ Math.imul(pos + 1, 0x85ebca6b));
  const high = high20(key, pos > 0 && mix(c) < REPEAT ? pos - 1 : pos);
  return ((high << 12) | (LEVELS[c >>> 16] << 4) | (LEVELS[c & 0xffff] & 15)) >>> 0;
}

/** Copied stretches are this long (about 4 s). */
const RUN = 32;
/** One take in this many (after a person's first) is another take of a song recorded before. */
export const RETAKE_SHARE = 0.3;

/**
 * Which song each take is of. Takes are numbered 1…total in the seed's order; `personFirst(j)` is
 * the number of the first take of j's owner. A re-take is of the song of one of its owner's last 20
 * takes (that take's own song when itself a re-take): songs are never shared between people.
 */
export class SongPlan {
  constructor(total) {
    this.song = new Int32Array(total + 1);
    this.shift = new Int8Array(total + 1);
    this.share = new Float32Array(total + 1);
  }

  /** Plans take `j`; takes must be planned in order (a re-take looks back). */
  plan(j, first) {
    const u = hash3(j, 0x5eed, 4) / UNIT;
    if (j > first && u < RETAKE_SHARE) {
      const back = 1 + (hash3(j, 0x5eed, 5) % Math.min(20, j - first));
      this.song[j] = this.song[j - back];
      // Started up to 2.5 s earlier or 5 s later than the song's first take (within the ±12 s
      // compareFingerprints() searches), and the same as it for 60-100 % of its 4 s stretches.
      this.shift[j] = (hash3(j, 0x5eed, 6) % 61) - 20;
      this.share[j] = 0.6 + (0.4 * hash3(j, 0x5eed, 7)) / UNIT;
    } else {
      this.song[j] = j;
      this.shift[j] = 0;
      this.share[j] = 1;
    }
  }

  /**
   * Take j's raw fingerprint (`items` sub-fingerprints) into `out` at `at`: its song's audio where
   * a stretch is shared (a low bit or two off, as another performance or encode flips them first),
   * its own elsewhere.
   */
  fill(j, items, out, at) {
    const song = this.song[j];
    const shift = this.shift[j];
    const share = this.share[j] * UNIT;
    const songKey = mix(song);
    const ownKey = mix(~j);
    for (let run = 0; run * RUN < items; run++) {
      const shared = song !== j && hash3(j, run, 8) < share;
      const end = Math.min(items, (run + 1) * RUN);
      for (let i = run * RUN; i < end; i++) {
        const pos = i + shift;
        if (song === j) out[at + i] = subFingerprint(songKey, i);
        else if (shared && pos >= 0) {
          const jitter = hash3(j, i, 9);
          out[at + i] = (subFingerprint(songKey, pos) ^ (jitter & 0x800 ? 1 << (jitter & 7) : 0)) >>> 0;
        } else out[at + i] = subFingerprint(ownKey, i);
      }
    }
  }
}

/**
 * One batch of takes' fingerprints as the tracks insert reads them (binary parameters): the raw
 * fingerprints end to end as little-endian uint32 (a bytea), every take's hashes end to end (an
 * int4[]), and where each take's start in both (int4[]s).
 */
export class PrintBatch {
  constructor(capacity, maxItems = fingerprintItems(FINGERPRINT_SECONDS)) {
    this.words = new Uint32Array(capacity * maxItems);
    this.hashes = new Int32Array(capacity * maxItems);
    this.wordAt = new Int32Array(capacity);
    this.items = new Int32Array(capacity);
    this.hashAt = new Int32Array(capacity);
    this.hashCount = new Int32Array(capacity);
    this.takes = 0;
    this.wordEnd = 0;
    this.hashEnd = 0;
  }

  add(plan, j, seconds) {
    const items = fingerprintItems(seconds);
    plan.fill(j, items, this.words, this.wordEnd);
    const count = hashesInto(this.words, this.wordEnd, this.wordEnd + items, this.hashes, this.hashEnd);
    this.wordAt[this.takes] = this.wordEnd;
    this.items[this.takes] = items;
    this.hashAt[this.takes] = this.hashEnd;
    this.hashCount[this.takes] = count;
    this.takes += 1;
    this.wordEnd += items;
    this.hashEnd += count;
  }

  /** [bytea, int4[] hashes, int4[] word offsets, int4[] item counts, int4[] hash offsets, int4[] hash counts]. */
  params() {
    const bytes = Buffer.from(this.words.buffer, 0, this.wordEnd * 4);
    // Little-endian on the wire whatever this machine is (Chromaprint's raw layout, decision 0811).
    if (new Uint8Array(new Uint32Array([1]).buffer)[0] !== 1) bytes.swap32();
    return [
      bytes,
      int4Array(this.hashes.subarray(0, this.hashEnd)),
      int4Array(this.wordAt.subarray(0, this.takes)),
      int4Array(this.items.subarray(0, this.takes)),
      int4Array(this.hashAt.subarray(0, this.takes)),
      int4Array(this.hashCount.subarray(0, this.takes)),
    ];
  }
}

/** PostgreSQL's binary int4[] (array_recv): a parameter the server reads without parsing text. */
export function int4Array(values) {
  const words = new Int32Array(5 + values.length * 2);
  // An Int32Array in, always: one shape for the loop below (a plain array made it ten times slower).
  words.set([1, 0, 23, values.length, 1]); // one dimension, no nulls, int4, its length, from 1
  for (let i = 0; i < values.length; i++) {
    words[5 + 2 * i] = 4;
    words[6 + 2 * i] = values[i];
  }
  const buffer = Buffer.from(words.buffer);
  // Network order.
  if (new Uint8Array(new Uint32Array([1]).buffer)[0] === 1) buffer.swap32();
  return buffer;
}
