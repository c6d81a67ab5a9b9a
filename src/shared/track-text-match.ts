/**
 * Text matching of tracks in the browser (issue 23, decision 0305): the Add Tracks dialog filters the
 * journal it already holds, as the journal's own filter does on the server (name, notes, equipment
 * names), but also ignoring accents: "celesta" finds "Célesta", "CAFE" finds "café".
 */

/** The fields a track is matched on. */
export interface TrackText {
  name: string;
  notes?: string | null;
  equipment?: readonly { name: string }[];
}

/** Letters that NFD does not split into a base and a mark, spelt as people type them without it. */
const FOLDED: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', ı: 'i', þ: 'th' };
const UNFOLDED = new RegExp(`[${Object.keys(FOLDED).join('')}]`, 'g');

/** Lower case without accents: "Crème BRÛLÉE" → "creme brulee". */
export function foldText(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(UNFOLDED, (ch) => FOLDED[ch] ?? ch);
}

/**
 * What a query is matched against: name, notes and equipment names, folded, one per line (a word
 * of the query has no line break, so it never matches across two fields). Worth keeping per track
 * while the query changes.
 */
export function trackSearchText(track: TrackText): string {
  return foldText([track.name, track.notes ?? '', ...(track.equipment ?? []).map((e) => e.name)].join('\n'));
}

/** The query's words, folded; none for a blank query. */
export function queryWords(query: string): string[] {
  return foldText(query).split(/\s+/).filter(Boolean);
}

/**
 * Whether every word of the query occurs somewhere in the text (any field, any order): "808 kick"
 * finds a take named "Kick" played on a TR-808. A blank query matches everything.
 */
export function matchesWords(searchText: string, words: readonly string[]): boolean {
  return words.every((word) => searchText.includes(word));
}

/** The tracks matching `query`, in their order. */
export function filterTracksByText<T extends TrackText>(tracks: readonly T[], query: string): T[] {
  const words = queryWords(query);
  if (words.length === 0) return [...tracks];
  return tracks.filter((track) => matchesWords(trackSearchText(track), words));
}
