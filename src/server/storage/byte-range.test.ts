import { describe, expect, it } from 'vitest';
import { readRangeHeader } from './byte-range';

describe('readRangeHeader (RFC 9110 section 14, decisions 0012 and 0243)', () => {
  const size = 1000;
  const partial = (start: number, end: number) => ({ kind: 'partial', range: { start, end } });

  it('one range, its end clamped to the last byte', () => {
    expect(readRangeHeader(size, 'bytes=0-0')).toEqual(partial(0, 0));
    expect(readRangeHeader(size, 'bytes=10-')).toEqual(partial(10, 999));
    expect(readRangeHeader(size, 'bytes=990-5000')).toEqual(partial(990, 999));
    expect(readRangeHeader(size, 'bytes= 5 - 9 ')).toEqual(partial(5, 9));
  });

  it('suffixes: the last N bytes, or every byte when N is at least the size; -0 is unsatisfiable', () => {
    expect(readRangeHeader(size, 'bytes=-1')).toEqual(partial(999, 999));
    expect(readRangeHeader(size, 'bytes=-999')).toEqual(partial(1, 999));
    expect(readRangeHeader(size, 'bytes=-1000')).toEqual(partial(0, 999));
    expect(readRangeHeader(size, 'bytes=-1001')).toEqual(partial(0, 999));
    expect(readRangeHeader(size, 'bytes= -99999999')).toEqual(partial(0, 999));
    expect(readRangeHeader(size, 'bytes=-0')).toEqual({ kind: 'unsatisfiable' });
    // An empty file has no bytes to send, however long the suffix.
    expect(readRangeHeader(0, 'bytes=-5')).toEqual({ kind: 'unsatisfiable' });
  });

  it('past the end is unsatisfiable; several ranges or nonsense get the whole file', () => {
    expect(readRangeHeader(size, 'bytes=1000-')).toEqual({ kind: 'unsatisfiable' });
    expect(readRangeHeader(size, 'bytes=1000-,2000-')).toEqual({ kind: 'unsatisfiable' });
    expect(readRangeHeader(size, 'bytes=0-1,2-3')).toEqual({ kind: 'whole' });
    expect(readRangeHeader(size, 'bytes=0-1,5000-')).toEqual({ kind: 'whole' });
    expect(readRangeHeader(size, 'bytes=-5000,0-0')).toEqual({ kind: 'whole' });
    expect(readRangeHeader(size, 'bytes=banana')).toEqual({ kind: 'whole' });
    expect(readRangeHeader(size, 'items=0-1')).toEqual({ kind: 'whole' });
    expect(readRangeHeader(size, '0-1')).toEqual({ kind: 'whole' });
  });
});
