import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// A backdrop filter re-blurs everything behind its box on every frame that changes anything under
// it. Drawn in software (a browser without GPU compositing, the stories' Chromium) a full-screen
// one cost about 40 ms a frame, so a dialog fading in or a caret blinking in it ran at 25 frames a
// second and took a fifth of the browser's CPU in a dialog-heavy story. Overlays dim instead, and
// the floating bars are opaque (decisions 0919 and 0957).

const CLIENT = path.resolve(import.meta.dirname, '../client');

/**
 * A Tailwind backdrop utility (`backdrop-blur`, `backdrop-blur-sm`, `backdrop-saturate-150`…) or a
 * CSS declaration.
 */
const BACKDROP =
  /(?<![\w-])backdrop-(?:blur|brightness|contrast|grayscale|hue-rotate|invert|opacity|saturate|sepia)(?!\w)|backdrop-filter\s*:/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter(
      (entry) => entry.isFile() && /\.(tsx?|css|html)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name),
    )
    .map((entry) => path.join(entry.parentPath, entry.name));
}

describe('the client draws no backdrop filter', () => {
  it('recognises the utilities and the declaration, not prose about them', () => {
    for (const drawn of [
      'className="fixed inset-0 bg-black/60 backdrop-blur-sm"',
      "'bg-card/95 p-2 shadow-lg backdrop-blur'",
      'data-[state=open]:backdrop-blur-[2px]',
      'backdrop-saturate-150 p-2',
      '.veil { backdrop-filter: blur(4px); }',
    ]) {
      expect(drawn, drawn).toMatch(BACKDROP);
    }
    for (const prose of [
      '// No backdrop blur: nothing scrolls under it',
      'bg-black/80 data-[state=open]:animate-in-fade',
    ]) {
      expect(prose, prose).not.toMatch(BACKDROP);
    }
  });

  it('in any component, style sheet or page (index.html, embed.html)', () => {
    const files = sourceFiles(CLIENT);
    expect(files.length).toBeGreaterThan(100);
    expect(files.map((file) => path.relative(CLIENT, file))).toContain('index.html');
    const found = files.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, index) =>
          BACKDROP.test(line) ? [`${path.relative(CLIENT, file)}:${index + 1}: ${line.trim()}`] : [],
        ),
    );
    expect(found).toEqual([]);
  });
});
