import { matchFold } from './track-match-fold';

/**
 * The one track matcher (issue 42, decision 0570): the journal filter (in SQL,
 * server/features/tracks/track-list.match.ts) and the Add Tracks dialog (here) find the same tracks
 * in the same order.
 * - A track matches when every word of the query begins a word of its name, notes or equipment
 *   names ("take 07" finds "Take 070", not "Take 0907"), ignoring case and accents.
 * - Only when no track matches so does a word of 3 to 12 characters, a letter among them, also
 *   begin a word with one character wrong or two neighbours swapped ("kcik" finds "Kick").
 * - Best first: fewest query words that are not whole words of the track, then fewest not in the
 *   name, then the shortest name (so "Take 07" before "Take 070" before "Take 0700": numbered takes
 *   in their order), then the name by code point, then the order the tracks came in.
 */

/** The fields a track is matched on. */
export interface TrackText {
  name: string;
  notes?: string | null;
  equipment?: readonly { name: string }[];
}

/** Which words may match with a typo: long enough to be told apart, and not a number. */
export const TYPO_WORD = { minLength: 3, maxLength: 12 } as const;

/** What one track is matched against, worth keeping while the query changes. */
export interface MatchDoc {
  /** Name, notes and equipment names folded, each word between spaces. */
  all: string;
  /** The name alone, likewise. */
  name: string;
  /** The folded name, which orders equal ranks. */
  sortName: string;
}

export function matchDoc(track: TrackText): MatchDoc {
  const sortName = matchFold(track.name);
  const fields = [track.name, track.notes ?? '', ...(track.equipment ?? []).map((e) => e.name)];
  return { all: ` ${matchFold(fields.join(' '))} `, name: ` ${sortName} `, sortName };
}

export interface MatchWord {
  /** The folded word: it must begin a word of the track. */
  text: string;
  /** A regular expression (the same in JavaScript and PostgreSQL) for it with one typo; null: none. */
  typo: string | null;
}

export interface MatchQuery {
  /** Nothing typed: every track, in its order. */
  blank: boolean;
  words: MatchWord[];
}

/** The query's words: split where the track's text is, so "TR-808" looks for "tr" and "808". */
export function parseQuery(query: string): MatchQuery {
  const words = matchFold(query).split(' ').filter(Boolean);
  return {
    blank: query.trim() === '',
    words: [...new Set(words)].map((text) => ({ text, typo: typoPattern(text) })),
  };
}

/** Every spelling of `word` with one character wrong or two neighbours swapped, at a word's start. */
function typoPattern(word: string): string | null {
  const chars = Array.from(word);
  const n = chars.length;
  if (n < TYPO_WORD.minLength || n > TYPO_WORD.maxLength || /^\d+$/.test(word)) return null;
  const spellings: string[] = [];
  for (let i = 0; i < n; i++) {
    spellings.push([...chars.slice(0, i), '[^ ]', ...chars.slice(i + 1)].join(''));
    if (i + 1 < n && chars[i] !== chars[i + 1]) {
      spellings.push([...chars.slice(0, i), chars[i + 1], chars[i], ...chars.slice(i + 2)].join(''));
    }
  }
  return ` (${spellings.join('|')})`;
}

/** The order of a matching track: compared element by element, smaller first. */
export type RankKey = readonly [misses: number, nameMisses: number, nameLength: number, name: string];

export type MatchMode = 'prefix' | 'typo';

const typoRegExps = new Map<string, RegExp>();
function typoFound(pattern: string, text: string): boolean {
  let re = typoRegExps.get(pattern);
  if (!re) {
    if (typoRegExps.size > 200) typoRegExps.clear();
    re = new RegExp(pattern, 'u');
    typoRegExps.set(pattern, re);
  }
  return re.test(text);
}

const found = (word: MatchWord, text: string, mode: MatchMode) =>
  text.includes(` ${word.text}`) || (mode === 'typo' && word.typo !== null && typoFound(word.typo, text));

/** Where the track ranks for the query's words, or null when it does not match. */
export function rankKey(doc: MatchDoc, words: readonly MatchWord[], mode: MatchMode): RankKey | null {
  let misses = 0;
  let nameMisses = 0;
  for (const word of words) {
    if (!found(word, doc.all, mode)) return null;
    if (!doc.all.includes(` ${word.text} `)) misses++;
    if (!found(word, doc.name, mode)) nameMisses++;
  }
  return [misses, nameMisses, Array.from(doc.sortName).length, doc.sortName];
}

/** Strings by code point, as PostgreSQL's "C" collation orders them. */
export function compareCodePoints(a: string, b: string): number {
  const x = Array.from(a);
  const y = Array.from(b);
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const d = (x[i]!.codePointAt(0) ?? 0) - (y[i]!.codePointAt(0) ?? 0);
    if (d !== 0) return d;
  }
  return x.length - y.length;
}

export function compareRank(a: RankKey, b: RankKey): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2] || compareCodePoints(a[3], b[3]);
}

/**
 * The items matching `query`, best first, ties in their order. `docOf` gives each item's MatchDoc
 * (kept by the caller while the query changes).
 */
export function rankByText<T>(items: readonly T[], query: string, docOf: (item: T) => MatchDoc): T[] {
  const { blank, words } = parseQuery(query);
  if (blank) return [...items];
  // Typed only separators ("%", ".*"): they are no words of any track.
  if (words.length === 0) return [];
  const ranked = (mode: MatchMode) =>
    items.flatMap((item, index) => {
      const key = rankKey(docOf(item), words, mode);
      return key ? [{ item, key, index }] : [];
    });
  let hits = ranked('prefix');
  if (hits.length === 0 && words.some((w) => w.typo)) hits = ranked('typo');
  return hits.sort((a, b) => compareRank(a.key, b.key) || a.index - b.index).map((h) => h.item);
}

/** The tracks matching `query`, best first. */
export function filterTracksByText<T extends TrackText>(tracks: readonly T[], query: string): T[] {
  return rankByText(tracks, query, matchDoc);
}
