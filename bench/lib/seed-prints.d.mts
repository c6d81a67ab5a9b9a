// Types for src/test/bench-seed-prints.test.ts (bench/lib/seed-prints.mjs).
export const FINGERPRINT_SECONDS: number;
export const MIN_ITEMS: number;
export const HASH_DROP_BITS: number;
export const MAX_HASHES: number;
export const RETAKE_SHARE: number;
export function fingerprintItems(seconds: number): number;
export function fingerprintHashes(words: Iterable<number>): number[];
export function int4Array(values: Int32Array): Buffer;
export class SongPlan {
  constructor(total: number);
  song: Int32Array;
  shift: Int8Array;
  share: Float32Array;
  plan(j: number, first: number): void;
  fill(j: number, items: number, out: Uint32Array, at: number): void;
}
export class PrintBatch {
  constructor(capacity: number, maxItems?: number);
  words: Uint32Array;
  hashes: Int32Array;
  wordAt: Int32Array;
  items: Int32Array;
  hashAt: Int32Array;
  hashCount: Int32Array;
  takes: number;
  add(plan: SongPlan, j: number, seconds: number): void;
  params(): [Buffer, Buffer, Buffer, Buffer, Buffer, Buffer];
}
