import { describe, expect, it } from 'vitest';
import {
  countOf,
  displayName,
  formatCommentTime,
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
});
