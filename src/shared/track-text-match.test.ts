import { describe, expect, it } from 'vitest';
import { filterTracksByText, foldText, matchesWords, queryWords, trackSearchText } from './track-text-match';

const moog = { name: 'Minimoog Model D' };
const tracks = [
  { id: 1, name: 'Célesta Patch', notes: null, equipment: [] },
  { id: 2, name: 'Kick Jam', notes: 'First take, a bit rushed', equipment: [{ name: 'TR-808' }] },
  { id: 3, name: 'Bass line', notes: 'Straße recording', equipment: [moog] },
  { id: 4, name: 'CAFÉ ambience', notes: 'ØRESUND ferry' },
];
const ids = (query: string) => filterTracksByText(tracks, query).map((t) => t.id);

describe('foldText', () => {
  it('lower-cases and drops accents, including letters NFD leaves whole', () => {
    expect(foldText('Crème BRÛLÉE')).toBe('creme brulee');
    expect(foldText('Ångström Ñandú')).toBe('angstrom nandu');
    expect(foldText('Straße Øresund Łódź Æther')).toBe('strasse oresund lodz aether');
    // Precomposed and decomposed forms fold alike.
    expect(foldText('e\u0301')).toBe(foldText('\u00e9'));
  });
});

describe('queryWords', () => {
  it('splits on any whitespace and folds; a blank query has no words', () => {
    expect(queryWords('  Kick\t808\n')).toEqual(['kick', '808']);
    expect(queryWords('   ')).toEqual([]);
    expect(queryWords('')).toEqual([]);
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
    expect(ids('a')).toEqual([1, 2, 3, 4]);
  });

  it('does not match a word across two fields', () => {
    const text = trackSearchText({ name: 'Kick', notes: 'Jam' });
    expect(matchesWords(text, ['kick'])).toBe(true);
    expect(matchesWords(text, ['kickjam'])).toBe(false);
    expect(matchesWords(text, ['kick jam'])).toBe(false);
  });
});
