import parseRange from 'range-parser';
import type { ByteRange } from './blob-store';

/** What a Range header asks of a `size`-byte file (decision 0012, amended by 0243). */
export type RangeAnswer =
  | { kind: 'partial'; range: ByteRange }
  | { kind: 'whole' }
  | { kind: 'unsatisfiable' };

/**
 * Reads a Range header the way RFC 9110 (section 14) says:
 * - one range: that range (206), its end clamped to the last byte;
 * - a suffix `bytes=-N` with N at least the size: the whole file, as a 206 of every byte (range-parser
 *   alone calls it unsatisfiable); `bytes=-0` is unsatisfiable;
 * - a start at or past the end, in every range asked for: unsatisfiable (416);
 * - more than one range, or a header that does not parse: the whole file (200): the server may ignore
 *   Range, and players never ask for several (no multipart/byteranges answers to get wrong).
 */
export function readRangeHeader(size: number, header: string): RangeAnswer {
  const suffixWhole = header.replace(/(^bytes=|,)\s*-(\d+)\s*(?=,|$)/g, (spec, lead: string, n: string) =>
    Number(n) >= size && Number(n) > 0 ? `${lead}0-` : spec,
  );
  const ranges = parseRange(size, suffixWhole);
  if (ranges === -1) return { kind: 'unsatisfiable' };
  if (ranges === -2 || ranges.type !== 'bytes') return { kind: 'whole' };
  if (header.includes(',')) return { kind: 'whole' };
  const { start, end } = ranges[0]!;
  return { kind: 'partial', range: { start, end } };
}
