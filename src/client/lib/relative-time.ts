// "about 2 hours ago", "Expires in 3 days", "12 Jun 2026, 14:05": the three date-fns functions the
// client used (formatDistanceToNow, formatDistanceStrict, format), written out for English (issue 48:
// date-fns was 27 MB of node_modules, nearly all of it locales and functions never called). The
// thresholds and rounding are date-fns 4's, so the words did not change.
import { pluralWord, shortMonthName } from '../../shared/format';

const MINUTES_IN_DAY = 1440;
const MINUTES_IN_MONTH = 43200;
const MINUTES_IN_YEAR = 525600;

/** What a local clock time is ahead of UTC at `date`, in ms (summer time moves it). */
function offsetMs(date: Date): number {
  const utc = new Date(
    Date.UTC(
      date.getFullYear(),
      date.getMonth(),
      date.getDate(),
      date.getHours(),
      date.getMinutes(),
      date.getSeconds(),
      date.getMilliseconds(),
    ),
  );
  utc.setUTCFullYear(date.getFullYear());
  return date.getTime() - utc.getTime();
}

// No thousands separator (countOf has one): date-fns writes "1000 years".
const plural = (count: number, unit: string) => `${count} ${pluralWord(count, unit)}`;
const about = (prefix: string, count: number, unit: string) =>
  `${prefix} ${count === 1 ? `1 ${unit}` : plural(count, unit)}`;

/** "in …" for a moment after the reference, "… ago" for one before it. */
const withSuffix = (words: string, later: boolean) => (later ? `in ${words}` : `${words} ago`);

/** Whole calendar months from `earlier` to `later` (later ≥ earlier), as date-fns counts them. */
function monthsBetween(later: Date, earlier: Date): number {
  const difference =
    (later.getFullYear() - earlier.getFullYear()) * 12 + (later.getMonth() - earlier.getMonth());
  if (difference < 1) return 0;
  const working = new Date(later);
  if (working.getMonth() === 1 && working.getDate() > 27) working.setDate(30);
  working.setMonth(working.getMonth() - difference);
  let lastMonthNotFull = working.getTime() < earlier.getTime();
  const lastDayOfMonth = new Date(later.getFullYear(), later.getMonth() + 1, 0).getDate() === later.getDate();
  if (lastDayOfMonth && difference === 1 && later.getTime() > earlier.getTime()) lastMonthNotFull = false;
  return difference - Number(lastMonthNotFull);
}

/** date-fns `formatDistance(date, reference)` in words, rounded as people say it. */
function distanceWords(date: Date, reference: Date): string {
  const [from, to] = date > reference ? [reference, date] : [date, reference];
  const seconds = Math.trunc((to.getTime() - from.getTime()) / 1000);
  const minutes = Math.round((seconds - (offsetMs(to) - offsetMs(from)) / 1000) / 60);
  if (minutes < 2) return minutes === 0 ? 'less than a minute' : plural(minutes, 'minute');
  if (minutes < 45) return plural(minutes, 'minute');
  if (minutes < 90) return 'about 1 hour';
  if (minutes < MINUTES_IN_DAY) return about('about', Math.round(minutes / 60), 'hour');
  if (minutes < 2520) return '1 day';
  if (minutes < MINUTES_IN_MONTH) return plural(Math.round(minutes / MINUTES_IN_DAY), 'day');
  if (minutes < MINUTES_IN_MONTH * 2) return about('about', Math.round(minutes / MINUTES_IN_MONTH), 'month');
  const months = monthsBetween(to, from);
  if (months < 12) return plural(Math.round(minutes / MINUTES_IN_MONTH), 'month');
  const years = Math.trunc(months / 12);
  if (months % 12 < 3) return about('about', years, 'year');
  if (months % 12 < 9) return about('over', years, 'year');
  return about('almost', years + 1, 'year');
}

/** "5 minutes ago", "about 2 hours ago", "in 3 days" (date-fns `formatDistanceToNow`, with suffix). */
export function timeAgo(date: Date, now: Date = new Date()): string {
  if (Number.isNaN(date.getTime()) || Number.isNaN(now.getTime())) throw new RangeError('Invalid time value');
  return withSuffix(distanceWords(date, now), date > now);
}

/** "in 3 days", "2 hours ago": one unit, rounded, no "about" (date-fns `formatDistanceStrict`). */
export function strictTimeFrom(date: Date, referenceTime: Date | number): string {
  const reference = new Date(referenceTime);
  if (Number.isNaN(date.getTime()) || Number.isNaN(reference.getTime())) {
    throw new RangeError('Invalid time value');
  }
  const [from, to] = date > reference ? [reference, date] : [date, reference];
  const ms = to.getTime() - from.getTime();
  const minutes = ms / 60000;
  const dstMinutes = (ms - (offsetMs(to) - offsetMs(from))) / 60000;
  let words: string;
  if (minutes < 1) words = plural(Math.round(ms / 1000), 'second');
  else if (minutes < 60) words = plural(Math.round(minutes), 'minute');
  else if (minutes < MINUTES_IN_DAY) words = plural(Math.round(minutes / 60), 'hour');
  else if (dstMinutes < MINUTES_IN_MONTH) words = plural(Math.round(dstMinutes / MINUTES_IN_DAY), 'day');
  else if (dstMinutes < MINUTES_IN_YEAR) {
    const months = Math.round(dstMinutes / MINUTES_IN_MONTH);
    words = months === 12 ? '1 year' : plural(months, 'month');
  } else words = plural(Math.round(dstMinutes / MINUTES_IN_YEAR), 'year');
  return withSuffix(words, date > reference);
}

/** "12 Jun 2026, 14:05" in local time (date-fns `format(date, 'd MMM yyyy, HH:mm')`). */
export function dayMonthYearTime(date: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${date.getDate()} ${shortMonthName(date)} ${date.getFullYear()}, ${two(date.getHours())}:${two(date.getMinutes())}`;
}
