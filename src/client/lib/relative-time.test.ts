import { describe, expect, it } from 'vitest';
import { dayMonthYearTime, strictTimeFrom, timeAgo } from './relative-time';

// The words date-fns 4 gave for the same spans (its formatDistanceToNow / formatDistanceStrict with
// addSuffix, and format 'd MMM yyyy, HH:mm'), which these functions replace (issue 48).
const now = new Date(2026, 5, 12, 14, 5, 0);
const ago = (ms: number) => new Date(now.getTime() - ms);
const ahead = (ms: number) => new Date(now.getTime() + ms);
const S = 1000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;

describe('timeAgo', () => {
  const cases: [Date, string][] = [
    [ago(20 * S), 'less than a minute ago'],
    [ago(90 * S), '2 minutes ago'],
    [ago(70 * S), '1 minute ago'],
    [ago(44 * M), '44 minutes ago'],
    [ago(50 * M), 'about 1 hour ago'],
    [ago(5 * H), 'about 5 hours ago'],
    [ago(30 * H), '1 day ago'],
    [ago(3 * D), '3 days ago'],
    [ago(40 * D), 'about 1 month ago'],
    [ago(100 * D), '3 months ago'],
    [ago(400 * D), 'about 1 year ago'],
    [ago(500 * D), 'over 1 year ago'],
    [ago(700 * D), 'almost 2 years ago'],
    [ahead(3 * D), 'in 3 days'],
  ];
  it('says the span as date-fns did, "ago" before and "in" after', () => {
    for (const [date, words] of cases) expect(timeAgo(date, now), date.toISOString()).toBe(words);
  });

  it('refuses an invalid date, as date-fns did', () => {
    expect(() => timeAgo(new Date('nope'), now)).toThrow(RangeError);
  });
});

describe('strictTimeFrom', () => {
  const cases: [Date, string][] = [
    [ahead(30 * S), 'in 30 seconds'],
    [ahead(1 * M), 'in 1 minute'],
    [ahead(90 * M), 'in 2 hours'],
    [ahead(3 * D), 'in 3 days'],
    [ahead(45 * D), 'in 2 months'],
    [ahead(364 * D), 'in 1 year'],
    [ahead(800 * D), 'in 2 years'],
    [ago(2 * H), '2 hours ago'],
  ];
  it('says one rounded unit, as date-fns did', () => {
    for (const [date, words] of cases) {
      expect(strictTimeFrom(date, now.getTime()), date.toISOString()).toBe(words);
    }
  });
});

describe('dayMonthYearTime', () => {
  it('is the day, short month, year and 24-hour time, local', () => {
    expect(dayMonthYearTime(now)).toBe('12 Jun 2026, 14:05');
    expect(dayMonthYearTime(new Date(2027, 0, 3, 9, 7))).toBe('3 Jan 2027, 09:07');
  });
});
