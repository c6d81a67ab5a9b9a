import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  countOf,
  displayName,
  formatCommentTime,
  formatCount,
  formatDate,
  formatDayMonthYear,
  formatDuration,
  formatFileSize,
  formatMimeSubtype,
  formatStorageAmount,
  pluralWord,
  truncate,
} from './format';

describe('format', () => {
  it('durations as m:ss', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(7.9)).toBe('0:07');
    expect(formatDuration(65)).toBe('1:05');
    expect(formatDuration(3725)).toBe('62:05');
    expect(formatDuration(null)).toBe('--:--');
    expect(formatDuration(undefined, 'Unknown')).toBe('Unknown');
    expect(formatDuration(Number.NaN)).toBe('--:--');
  });

  it('file sizes in B/KB/MB/GB', () => {
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(5 * 1024 * 1024)).toBe('5.0 MB');
    // The quota line drops a round ".0" (issue 9: "1.2 GB of 10 GB used").
    expect(formatStorageAmount(10 * 1024 ** 3)).toBe('10 GB');
    expect(formatStorageAmount(1.2 * 1024 ** 3)).toBe('1.2 GB');
    expect(formatStorageAmount(512)).toBe('512 B');
    expect(formatFileSize(3.25 * 1024 ** 3)).toBe('3.3 GB');
  });

  it('formats as the upper-case MIME subtype', () => {
    expect(formatMimeSubtype('audio/mpeg')).toBe('MPEG');
    expect(formatMimeSubtype('audio/x-m4a')).toBe('X-M4A');
    expect(formatMimeSubtype('')).toBe('Unknown');
  });

  it('dates in the spec’s forms', () => {
    const d = new Date(2024, 4, 1, 9, 5);
    expect(formatDate(d)).toBe('May 01, 2024');
    expect(formatDate(null)).toBe('Unknown date');
    expect(formatDate('garbage')).toBe('Unknown date');
    expect(formatDayMonthYear(d)).toBe('1 May 2024');
    expect(formatCommentTime(d)).toBe('1 May 2024 at 09:05');
  });

  it('display names: username, first + last, first, fallback', () => {
    expect(displayName({ username: 'ada', firstName: 'Ada', lastName: 'L' })).toBe('ada');
    expect(displayName({ username: ' ', firstName: 'Ada', lastName: 'Lovelace' })).toBe('Ada Lovelace');
    expect(displayName({ firstName: 'Ada' })).toBe('Ada');
    expect(displayName({})).toBe('User');
    expect(displayName(null, 'Unknown User')).toBe('Unknown User');
  });

  it('truncates long text', () => {
    expect(truncate('a'.repeat(130), 120)).toBe(`${'a'.repeat(120)}…`);
    expect(truncate('short', 120)).toBe('short');
    expect(truncate(null, 120)).toBe('');
  });

  it('counts with the plural rule: 1 track, 0 tracks, 2 tracks, 1,003 tracks', () => {
    expect(countOf(1, 'track')).toBe('1 track');
    expect(countOf(0, 'track')).toBe('0 tracks');
    expect(countOf(2, 'track')).toBe('2 tracks');
    expect(countOf(1003, 'track')).toBe('1,003 tracks');
    expect(countOf(1, 'person', 'people')).toBe('1 person');
    expect(countOf(5, 'person', 'people')).toBe('5 people');
    expect(pluralWord(1, 'track stays', 'tracks stay')).toBe('track stays');
    expect(pluralWord(3, 'track stays', 'tracks stay')).toBe('tracks stay');
  });

  describe('spelt out by hand, as Intl writes them in en-US (decision 0932)', () => {
    afterEach(() => vi.restoreAllMocks());
    const intlDate = (date: Date) =>
      new Intl.DateTimeFormat('en-US', { day: '2-digit', month: 'long', year: 'numeric' }).format(date);
    const intlMonth = (date: Date, month: 'long' | 'short') =>
      new Intl.DateTimeFormat('en-US', { month }).format(date);
    const anyDate = fc.date({
      min: new Date(-70_000_000_000_000),
      max: new Date(300_000_000_000_000),
      noInvalidDate: true,
    });

    it('dates, months and the comment time match Intl for any instant', () => {
      fc.assert(
        fc.property(anyDate, (date) => {
          expect(formatDate(date)).toBe(intlDate(date));
          expect(formatDate(date.toISOString())).toBe(intlDate(date));
          expect(formatDayMonthYear(date)).toBe(
            `${date.getDate()} ${intlMonth(date, 'long')} ${date.getFullYear()}`,
          );
          expect(formatCommentTime(date)).toMatch(new RegExp(`^\\d+ ${intlMonth(date, 'short')} -?\\d+ at `));
        }),
        { numRuns: 2000 },
      );
    });

    it('counts and plural words match Intl for any number', () => {
      const numbers = fc.oneof(
        fc.integer(),
        fc.maxSafeInteger(),
        fc.double(),
        fc.constantFrom(0, -0, 1, -1, 1.5, 1000, -1000, 999_999, Number.MAX_SAFE_INTEGER + 2),
      );
      fc.assert(
        fc.property(numbers, (n) => {
          expect(formatCount(n)).toBe(new Intl.NumberFormat('en-US').format(n));
          const one = new Intl.PluralRules('en-US').select(n) === 'one';
          expect(pluralWord(n, 'track')).toBe(one ? 'track' : 'tracks');
        }),
        { numRuns: 2000 },
      );
    });

    it('the everyday forms make no Intl object, whose first one loads the locale data', async () => {
      // A fresh copy of the module: this file's other tests have made its Intl objects already.
      vi.resetModules();
      const { countOf, formatCommentTime, formatDate, formatDayMonthYear } = await import('./format');
      const dateFormats = vi.spyOn(Intl, 'DateTimeFormat');
      const numberFormats = vi.spyOn(Intl, 'NumberFormat');
      const pluralRules = vi.spyOn(Intl, 'PluralRules');
      const d = new Date(2024, 8, 7, 21, 42);
      expect(formatDate(d)).toBe('September 07, 2024');
      expect(formatDayMonthYear(d)).toBe('7 September 2024');
      expect(formatCommentTime(d)).toBe('7 Sep 2024 at 21:42');
      expect(countOf(1_234_567, 'track')).toBe('1,234,567 tracks');
      expect(countOf(-1, 'track')).toBe('-1 track');
      expect(dateFormats).not.toHaveBeenCalled();
      expect(numberFormats).not.toHaveBeenCalled();
      expect(pluralRules).not.toHaveBeenCalled();
    });
  });
});
