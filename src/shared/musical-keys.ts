/**
 * The 24 keys a take is described in (issue 47): one spelling each, sharps only, as the measure
 * writes them, the owner picks them and the journal filters by them ("A minor", "F# major").
 */
export const PITCH_CLASSES = ['C', 'C#', 'D', 'D#', 'E', 'F', 'F#', 'G', 'G#', 'A', 'A#', 'B'] as const;

export const MUSICAL_KEYS: readonly string[] = [
  ...PITCH_CLASSES.map((p) => `${p} major`),
  ...PITCH_CLASSES.map((p) => `${p} minor`),
];

/**
 * The journal's key order (issue 47): by tonic from C up to B, each major before the minor of the
 * same tonic ("C major", "C minor", "C# major" …). The list query maps a key to its place with this
 * same list (track-list.tempo-key.ts), so the client's order and the server's agree.
 */
export const KEY_ORDER: readonly string[] = PITCH_CLASSES.flatMap((p) => [`${p} major`, `${p} minor`]);

/** A key's place in KEY_ORDER; null for none, or for text that is not one of the 24 as spelt there. */
export function keySortIndex(key: string | null | undefined): number | null {
  const index = key ? KEY_ORDER.indexOf(key) : -1;
  return index < 0 ? null : index;
}

/** Flats and the enharmonic naturals people write, to the sharp spelling of the same pitch. */
const SPELLINGS: Record<string, string> = {
  db: 'C#',
  eb: 'D#',
  gb: 'F#',
  ab: 'G#',
  bb: 'A#',
  cb: 'B',
  fb: 'E',
  'e#': 'F',
  'b#': 'C',
};

/**
 * A key as people write it ("Bb minor", "a minor", "Am", "F#m", "C", "eb maj") in the canonical
 * spelling of MUSICAL_KEYS, or null when it is not one of the 24 keys.
 */
export function normaliseKey(text: string): string | null {
  const match = /^\s*([a-g])\s*([#♯b♭]?)\s*(.*?)\s*$/i.exec(text);
  if (!match) return null;
  const [, letter = '', accidental = '', rest = ''] = match;
  const mode = modeOf(rest);
  if (!mode) return null;
  const written = `${letter.toLowerCase()}${accidental.replace('♯', '#').replace('♭', 'b').toLowerCase()}`;
  const pitch = SPELLINGS[written] ?? written.toUpperCase();
  return PITCH_CLASSES.includes(pitch as (typeof PITCH_CLASSES)[number]) ? `${pitch} ${mode}` : null;
}

/** "", "maj", "major", "M" are major; "m", "min", "minor" are minor (an "m" alone is minor: "Am"). */
function modeOf(rest: string): 'major' | 'minor' | null {
  if (rest === '' || rest === 'M' || /^maj(or)?$/i.test(rest)) return 'major';
  if (rest === 'm' || /^min(or)?$/i.test(rest)) return 'minor';
  return null;
}

/** The relative key: the same notes, the other mode ("A minor" and "C major"). */
export function relativeKey(key: string): string | null {
  const canonical = normaliseKey(key);
  if (!canonical) return null;
  const [pitch, mode] = canonical.split(' ') as [string, string];
  const index = PITCH_CLASSES.indexOf(pitch as (typeof PITCH_CLASSES)[number]);
  const shift = mode === 'minor' ? 3 : 9;
  return `${PITCH_CLASSES[(index + shift) % 12]} ${mode === 'minor' ? 'major' : 'minor'}`;
}
