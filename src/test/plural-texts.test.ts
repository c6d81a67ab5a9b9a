// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the samples are source text, not templates
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Issue 42 ("1 tracks"), decision 0595: every count the app writes goes through countOf/pluralWord
// (src/shared/format.ts). This reads the source for the hand-made forms that drift: a ternary on
// `=== 1` choosing a word, an "s" glued on, or a variable count followed by a plural noun.

const root = path.resolve(import.meta.dirname, '..');
const NOUNS =
  'tracks|songs|items|members|comments|files|playlists|plays|likes|uses|collectives|links|results|matches|replies|versions|entries|tags|reports|users|errors|sessions|visits|hours|days|minutes|accounts|avatars|covers|people';

/** The nouns one by one too, and the verbs that agree with a count: what `=== 1 ?` picks in a plural. */
const COUNTED_WORDS = [
  ...NOUNS.split('|').flatMap((plural) => [plural, plural.replace(/ies$/, 'y').replace(/s$/, '')]),
  ...['one', 'was', 'were', 'is', 'are', 'has', 'have'],
].join('|');

const HAND_MADE: [string, RegExp][] = [
  // Only when a branch holds a counted word: `lines === 1 ? 'truncate' : 'line-clamp-2'` picks classes.
  [
    'a word chosen by `=== 1 ?`',
    new RegExp(`[!=]==\\s*1\\s*\\?\\s*['"\`][^'"\`]*\\b(?:${COUNTED_WORDS})\\b`, 'i'),
  ],
  ['an "s" glued on by `=== 1 ?`', /[!=]==\s*1\s*\?\s*''\s*:\s*'s'/],
  // `${n} tracks` or JSX `{n} tracks`, unless n is a CONSTANT or a LIMITS.… setting (never 1) or
  // a name (`${platform.name} plays it`: a verb after a name, no count); not a JSX attribute
  // (`{playlist} tracks={…}`).
  [
    'a variable count before a plural noun',
    new RegExp(
      `\\$?\\{(?![A-Z][A-Z_]*[}.[])(?![^{}]*[nN]ame\\})[^{}]*\\}(?:\\{' '\\}|\\s)+(?:${NOUNS})\\b(?!=)`,
    ),
  ],
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.(test|spec)\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Every line of the app's source that spells a plural by hand, as "file:line: kind". */
function handMadePlurals(files: string[]): string[] {
  return files.flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, i) =>
        HAND_MADE.filter(([, pattern]) => pattern.test(line)).map(
          ([kind]) => `${path.relative(root, file)}:${i + 1}: ${kind}`,
        ),
      ),
  );
}

describe('plurals', () => {
  it('the guard catches each hand-made form', () => {
    const lines = [
      "const a = `${n} ${n === 1 ? 'track' : 'tracks'}`;",
      "description: `${refused === 1 ? 'One field was' : `${refused} fields were`} not saved`,",
      "const v = n !== 1 ? 'are' : 'is';",
      "const b = `${n} track${n === 1 ? '' : 's'}`;",
      '<span>{person.trackCount} tracks</span>',
      'const c = `${storage.count} files`;',
    ];
    for (const line of lines) {
      expect(
        HAND_MADE.some(([, pattern]) => pattern.test(line)),
        line,
      ).toBe(true);
    }
    for (const line of [
      '`At most ${BULK_TRACKS_MAX} tracks`',
      '`${LIMITS.bio} characters`',
      'countOf(n, "track")',
      '`${platform.name} plays it as it is`',
      "const cut = lines === 1 ? 'truncate focus:whitespace-normal' : 'line-clamp-2 break-words';",
    ]) {
      expect(
        HAND_MADE.some(([, pattern]) => pattern.test(line)),
        line,
      ).toBe(false);
    }
  });

  it('no screen or server text spells a plural by hand', () => {
    const files = ['client', 'server', 'shared'].flatMap((dir) => sourceFiles(path.join(root, dir)));
    expect(files.length).toBeGreaterThan(100);
    expect(handMadePlurals(files)).toEqual([]);
  });
});
