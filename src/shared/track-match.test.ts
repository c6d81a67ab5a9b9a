import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareCodePoints, filterTracksByText, matchDoc, parseQuery, rankKey } from './track-match';
import { foldText, matchFold } from './track-match-fold';

const moog = { name: 'Minimoog Model D' };
const tracks = [
  { id: 1, name: 'Célesta Patch', notes: null, equipment: [] },
  { id: 2, name: 'Kick Jam', notes: 'First take, a bit rushed', equipment: [{ name: 'TR-808' }] },
  { id: 3, name: 'Bass line', notes: 'Straße recording', equipment: [moog] },
  { id: 4, name: 'CAFÉ ambience', notes: 'ØRESUND ferry' },
];
const ids = (query: string, list: readonly { id: number; name: string }[] = tracks) =>
  filterTracksByText(list, query).map((t) => t.id);
const names = (query: string, list: readonly { name: string }[]) =>
  filterTracksByText(list, query).map((t) => t.name);

/** Take 001 … Take 1000, newest (highest) first as the journal lists them. */
const takes = Array.from({ length: 1000 }, (_, i) => ({
  id: 1000 - i,
  name: `Take ${String(1000 - i).padStart(3, '0')}`,
}));

describe('foldText and matchFold', () => {
  it('lower-cases and drops accents, including letters NFD leaves whole', () => {
    expect(foldText('Crème BRÛLÉE')).toBe('creme brulee');
    expect(foldText('Ångström Ñandú')).toBe('angstrom nandu');
    expect(foldText('Straße Øresund Łódź Æther')).toBe('strasse oresund lodz aether');
    expect(foldText('e\u0301')).toBe(foldText('\u00e9'));
  });

  it('folds as foldText does in the blocks it covers, and makes separators spaces', () => {
    expect(matchFold('Crème BRÛLÉE (take 2)')).toBe('creme brulee  take 2 ');
    expect(matchFold('e\u0301')).toBe(matchFold('\u00e9'));
    expect(matchFold('ΟΔΟΣ')).toBe(matchFold('οδος'));
    const latin = fc.string({ unit: fc.constantFrom(...'aAéÉßøØłŁœŒçÇñÑüÜ'.split('')) });
    fc.assert(fc.property(latin, (s) => matchFold(s) === foldText(s)));
  });
});

describe('parseQuery', () => {
  it('splits where the text is split and folds; a blank query has no words', () => {
    expect(parseQuery('  Kick\tTR-808\n').words.map((w) => w.text)).toEqual(['kick', 'tr', '808']);
    expect(parseQuery('   ')).toEqual({ blank: true, words: [] });
    expect(parseQuery('.*')).toEqual({ blank: false, words: [] });
  });

  it('gives typos only to words of 3 to 12 characters that are not numbers', () => {
    const typo = (q: string) => parseQuery(q).words[0]?.typo ?? null;
    expect(typo('ab')).toBeNull();
    expect(typo('0907')).toBeNull();
    expect(typo('abcdefghijklm')).toBeNull();
    expect(typo('juno')).toBe(' ([^ ]uno|ujno|j[^ ]no|jnuo|ju[^ ]o|juon|jun[^ ])');
  });
});

describe('filterTracksByText', () => {
  it('matches the name ignoring case and accents, both ways', () => {
    expect(ids('celesta')).toEqual([1]);
    expect(ids('CÉLESTA')).toEqual([1]);
    expect(ids('cafe')).toEqual([4]);
    expect(ids('café')).toEqual([4]);
  });

  it('matches the notes and the equipment names', () => {
    expect(ids('rushed')).toEqual([2]);
    expect(ids('tr-808')).toEqual([2]);
    expect(ids('minimoog')).toEqual([3]);
    expect(ids('strasse')).toEqual([3]);
    expect(ids('oresund')).toEqual([4]);
  });

  it('needs every word, in any field and any order', () => {
    expect(ids('808 kick')).toEqual([2]);
    expect(ids('kick moog')).toEqual([]);
    expect(ids('line model')).toEqual([3]);
  });

  it('keeps the order and everything for a blank query; finds nothing for a stranger', () => {
    expect(ids('')).toEqual([1, 2, 3, 4]);
    expect(ids('  ')).toEqual([1, 2, 3, 4]);
    expect(ids('xyz')).toEqual([]);
    // Special characters are plain text, not patterns.
    expect(ids('.*')).toEqual([]);
    // Issue 42: words begin words ("a" no longer finds every "Patch").
    expect(ids('a')).toEqual([2, 4]);
  });

  it('does not match a word across two fields', () => {
    const doc = matchDoc({ name: 'Kick', notes: 'Jam' });
    const key = (q: string) => rankKey(doc, parseQuery(q).words, 'prefix');
    expect(key('kick')).not.toBeNull();
    expect(key('kickjam')).toBeNull();
    expect(key('kick jam')).not.toBeNull();
  });

  it('lists "Take 07" first, then the takes it begins in their order; never Take 0907', () => {
    const list = [{ id: 5000, name: 'Take 07' }, ...takes];
    expect(names('Take 07', list)).toEqual([
      'Take 07',
      ...Array.from({ length: 10 }, (_, i) => `Take 07${i}`),
    ]);
    expect(names('take 099', list)).toEqual(['Take 099']);
  });

  it('ranks whole words first, then words in the name, then the shortest name', () => {
    const list = [
      { id: 1, name: 'Kicks', notes: null },
      { id: 2, name: 'Groove', notes: 'kick drum' },
      { id: 3, name: 'Kick loop long', notes: null },
      { id: 4, name: 'Kick', notes: null },
    ];
    expect(ids('kick', list)).toEqual([4, 3, 2, 1]);
  });

  it('falls back to one typo only when nothing matches as typed', () => {
    const list = [
      { id: 1, name: 'Kick loop' },
      { id: 2, name: 'Juno pad' },
      { id: 3, name: 'Jeno' },
    ];
    expect(ids('kcik', list)).toEqual([1]);
    expect(ids('jino', list)).toEqual([3, 2]);
    // "juno" matches as typed: "Jeno", one letter off, is not listed.
    expect(ids('juno', list)).toEqual([2]);
    // Numbers one digit off are other numbers.
    expect(ids('Take 0907', takes)).toEqual([]);
  });

  it('orders strings by code point', () => {
    expect(compareCodePoints('a', 'b')).toBeLessThan(0);
    expect(compareCodePoints('\u{1f600}', '\uffff')).toBeGreaterThan(0);
    expect(compareCodePoints('ab', 'a')).toBeGreaterThan(0);
  });
});
