// Display formats from spec sections 2 and 9, shared by every screen.

/** Seconds as m:ss ('--:--' when unknown); hours roll into minutes, as a music player shows them. */
export function formatDuration(seconds: number | null | undefined, unknown = '--:--'): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return unknown;
  const whole = Math.floor(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** Track card sizes: B, KB, MB, GB with one decimal above bytes (1 KB = 1024 B). */
export function formatFileSize(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return 'Unknown';
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}

/** A storage amount as the quota line shows it: "1.2 GB", and a round "10 GB" without ".0". */
export const formatStorageAmount = (bytes: number): string => formatFileSize(bytes).replace(/\.0 /, ' ');

/** Sizes elsewhere: MB with one decimal (spec section 9). */
export const formatMegabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

/** 'Format' on a track card: the MIME subtype in capitals (audio/mpeg → MPEG). */
export function formatMimeSubtype(mimeType: string | null | undefined): string {
  const subtype = mimeType?.split('/')[1]?.split(';')[0]?.trim();
  return subtype ? subtype.toUpperCase() : 'Unknown';
}

const toDate = (value: string | Date | null | undefined): Date | undefined => {
  if (!value) return undefined;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
};

/**
 * One Intl formatter per style, made on first use: `toLocaleDateString(…, options)` builds a new
 * one on every call, which a list of dates paid per row.
 */
function formatter<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => {
    made ??= make();
    return made;
  };
}
// The first Intl object a page makes loads the locale's data: 10–20 ms on a fast desktop, four
// times that on a phone, inside the render that draws the journal's first rows (decision 0932). The
// app writes one locale, en-US, so the everyday forms below are spelt out by hand; Intl keeps what
// is rare (a year outside 1–9999, a fraction, -0), and format.test.ts holds both to the same output.
const longDate = formatter(
  () => new Intl.DateTimeFormat('en-US', { day: '2-digit', month: 'long', year: 'numeric' }),
);
const count = formatter(() => new Intl.NumberFormat('en-US'));
const plurals = formatter(() => new Intl.PluralRules('en-US'));
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;
const monthName = (date: Date): string => MONTHS[date.getMonth()] ?? '';
/** 'Sep': the short month en-US writes, the long name's first three letters for every month. */
export const shortMonthName = (date: Date): string => monthName(date).slice(0, 3);
const yearSpeltByHand = (date: Date): boolean => date.getFullYear() >= 1 && date.getFullYear() <= 9999;

/** Table dates: 2-digit day, long month, year, en-US ('May 01, 2024'); 'Unknown date' when missing. */
export function formatDate(value: string | Date | null | undefined): string {
  const date = toDate(value);
  if (!date) return 'Unknown date';
  if (!yearSpeltByHand(date)) return longDate().format(date);
  return `${monthName(date)} ${String(date.getDate()).padStart(2, '0')}, ${date.getFullYear()}`;
}

/** Playlist rows: 'd Month yyyy' ('1 May 2024'). */
export function formatDayMonthYear(value: string | Date | null | undefined): string {
  const date = toDate(value);
  return date ? `${date.getDate()} ${monthName(date)} ${date.getFullYear()}` : 'Unknown date';
}

/** A time of day, 24-hour, local: '21:42'; '' when missing. */
export function formatTimeOfDay(value: string | Date | null | undefined): string {
  const date = toDate(value);
  if (!date) return '';
  return `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
}

/** The local calendar day of a date ('2024-05-01'), to tell which takes share an evening. */
export function localDayKey(value: string | Date | null | undefined): string | undefined {
  const date = toDate(value);
  return date ? `${date.getFullYear()}-${date.getMonth() + 1}-${date.getDate()}` : undefined;
}

/** Comments: 'd MMM yyyy at HH:mm' ('1 May 2024 at 09:05'). */
export function formatCommentTime(value: string | Date | null | undefined): string {
  const date = toDate(value);
  if (!date) return 'Unknown date';
  return `${date.getDate()} ${shortMonthName(date)} ${date.getFullYear()} at ${formatTimeOfDay(date)}`;
}

/** Display name (spec section 3): username, else first + last, else first, else the fallback. */
export function displayName(
  user: { username?: string | null; firstName?: string | null; lastName?: string | null } | null | undefined,
  fallback = 'User',
): string {
  const username = user?.username?.trim();
  if (username) return username;
  const first = user?.firstName?.trim();
  const last = user?.lastName?.trim();
  if (first && last) return `${first} ${last}`;
  return first || fallback;
}

/** Text cut at n characters with an ellipsis (equipment description previews: 120). */
export function truncate(text: string | null | undefined, n: number): string {
  if (!text) return '';
  return text.length > n ? `${text.slice(0, n).trimEnd()}…` : text;
}

/** A count with thousands separated, as the app writes numbers in English ("1,003"). */
export function formatCount(n: number): string {
  if (!Number.isSafeInteger(n) || Object.is(n, -0)) return count().format(n);
  return `${n < 0 ? '-' : ''}${String(Math.abs(n)).replace(/\B(?=(\d{3})+$)/g, ',')}`;
}

// One plural rule for every count the app writes (issue 42, decision 0595): English has two forms,
// "one" (1 and -1) and "other" (0, 2, 1.5…), so no screen or server text spells `n === 1 ? …` by
// hand again, and none can write "1 tracks". Intl.PluralRules answers for anything but a whole number.
const takesOne = (n: number): boolean =>
  Number.isSafeInteger(n) ? Math.abs(n) === 1 : plurals().select(n) === 'one';

/** The word for `n` of a thing: `one` for 1, `other` (`one` + "s" unless given) otherwise. */
export const pluralWord = (n: number, one: string, other = `${one}s`): string => (takesOne(n) ? one : other);

/** "1 track", "0 tracks", "1,003 tracks": the count, thousands separated, and its word. */
export const countOf = (n: number, one: string, other?: string): string =>
  `${formatCount(n)} ${pluralWord(n, one, other)}`;
