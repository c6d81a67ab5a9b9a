import { describe, expect, it } from 'vitest';
import { MUSICAL_KEYS, normaliseKey, relativeKey } from './musical-keys';

describe('musical keys', () => {
  it('are the 24 major and minor keys, spelt with sharps', () => {
    expect(MUSICAL_KEYS).toHaveLength(24);
    expect(new Set(MUSICAL_KEYS).size).toBe(24);
    expect(MUSICAL_KEYS).toContain('C major');
    expect(MUSICAL_KEYS).toContain('F# minor');
    expect(MUSICAL_KEYS.some((k) => k.includes('b '))).toBe(false);
  });

  it('reads every canonical name as itself', () => {
    for (const key of MUSICAL_KEYS) expect(normaliseKey(key)).toBe(key);
  });

  it.each([
    ['Bb minor', 'A# minor'],
    ['bb minor', 'A# minor'],
    ['a minor', 'A minor'],
    ['Am', 'A minor'],
    ['F#m', 'F# minor'],
    ['Ebm', 'D# minor'],
    ['E♭ major', 'D# major'],
    ['C', 'C major'],
    ['G maj', 'G major'],
    ['  d  min ', 'D minor'],
    ['Cb major', 'B major'],
    ['E# minor', 'F minor'],
  ])('reads %j as %j', (text, key) => {
    expect(normaliseKey(text)).toBe(key);
  });

  it.each(['', 'H minor', 'A dorian', 'A minor 7', 'Abc', '120', 'C##'])('refuses %j', (text) => {
    expect(normaliseKey(text)).toBeNull();
  });

  it('gives the relative key', () => {
    expect(relativeKey('A minor')).toBe('C major');
    expect(relativeKey('C major')).toBe('A minor');
    expect(relativeKey('F# minor')).toBe('A major');
    expect(relativeKey('D# major')).toBe('C minor');
    expect(relativeKey('nonsense')).toBeNull();
  });
});
