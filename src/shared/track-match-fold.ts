/**
 * How the track matcher folds text (issue 42, decision 0570), as one table that the browser applies
 * character by character and the database applies with replace() and translate(): lower case,
 * accents dropped, and every separator (white space, ASCII punctuation, common typographic marks)
 * turned into a space, so "Crème BRÛLÉE (take 2)" is "creme brulee  take 2 ". The table covers
 * Latin (with Vietnamese), Greek and Cyrillic and the combining accents; other characters are only
 * lower-cased, by toLowerCase here and by lower() in the database.
 */

/** Letters that NFD does not split into a base and a mark, spelt as people type them without it. */
const UNSPLIT: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ı: 'i',
  þ: 'th',
};
const UNSPLIT_LETTERS = new RegExp(`[${Object.keys(UNSPLIT).join('')}]`, 'g');

/** Lower case without accents, as people type: "Crème BRÛLÉE" → "creme brulee". */
export function foldText(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(UNSPLIT_LETTERS, (ch) => UNSPLIT[ch] ?? ch);
}

/** What separates words: white space, ASCII punctuation and the typographic marks people paste. */
export const SEPARATORS = ` \t\n\r\f\v!"#$%&'()*+,-./:;<=>?@[\\]^_\`{|}~\u00a0\u00a1\u00ab\u00b7\u00bb\u00bf\u2010\u2011\u2012\u2013\u2014\u2018\u2019\u201c\u201d\u2026`;

/** The blocks whose letters the table folds: Latin-1 to Latin Extended-B, marks, Greek, Cyrillic, Vietnamese. */
const FOLDED_BLOCKS: readonly [number, number][] = [
  [0x41, 0x5a],
  [0xc0, 0x24f],
  [0x300, 0x36f],
  [0x370, 0x3ff],
  [0x400, 0x4ff],
  [0x1e00, 0x1eff],
];

function buildTable() {
  const table = new Map<string, string>();
  for (const ch of SEPARATORS) table.set(ch, ' ');
  for (const [from, to] of FOLDED_BLOCKS) {
    for (let cp = from; cp <= to; cp++) {
      const ch = String.fromCodePoint(cp);
      const folded = foldText(ch);
      if (folded !== ch) table.set(ch, folded);
    }
  }
  // Greek's final sigma is a sigma: lower() never writes it, toLowerCase does at a word's end.
  table.set('ς', 'σ');
  return table;
}

/** Each character that folds, and what it becomes ('' for a combining accent). */
export const FOLD_TABLE: ReadonlyMap<string, string> = buildTable();

/**
 * The table as the database applies it: `replace` pairs for the characters that become two
 * (ß → ss), then translate()'s two strings, the dropped characters last (translate drops the
 * characters of `from` past the end of `to`).
 */
export const FOLD_SQL = (() => {
  const replaces: [string, string][] = [];
  let from = '';
  let to = '';
  let dropped = '';
  for (const [ch, folded] of FOLD_TABLE) {
    if (folded.length > 1) replaces.push([ch, folded]);
    else if (folded === '') dropped += ch;
    else {
      from += ch;
      to += folded;
    }
  }
  return { replaces, from: from + dropped, to };
})();

/**
 * The text as the matcher sees it: lower case, folded by the table, separators as spaces. Each
 * character is lower-cased alone, as lower() does (toLowerCase on a whole string looks at context).
 */
export function matchFold(text: string): string {
  let out = '';
  for (const ch of text) {
    for (const low of ch.toLowerCase()) out += FOLD_TABLE.get(low) ?? low;
  }
  return out;
}
