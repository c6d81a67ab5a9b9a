import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { picturesWanted } from '../../e2e/support/pictures';

// Decision 0933: the browser stories' pictures are for a person to look at. CI keeps none, and they
// cost the stories about a fifth of their CPU, so under CI=true they are off unless asked for. This
// holds the switch, and holds every story to the one helper that obeys it.

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const HELPER = path.join('e2e', 'support', 'pictures.ts');

function storyFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'screenshots' ? [] : storyFiles(relative);
    return entry.name.endsWith('.ts') ? [relative] : [];
  });
}

describe('the browser stories’ pictures', () => {
  it('are taken on a developer’s machine and not under CI, unless E2E_SCREENSHOTS says otherwise', () => {
    expect(picturesWanted({})).toBe(true);
    expect(picturesWanted({ CI: 'false' })).toBe(true);
    expect(picturesWanted({ CI: 'true' })).toBe(false);
    expect(picturesWanted({ CI: '1' })).toBe(false);
    expect(picturesWanted({ CI: 'true', E2E_SCREENSHOTS: 'on' })).toBe(true);
    expect(picturesWanted({ E2E_SCREENSHOTS: 'off' })).toBe(false);
    expect(() => picturesWanted({ E2E_SCREENSHOTS: 'yes' })).toThrow(/say on or off/);
  });

  it('are all taken through picture(), the helper that obeys that switch', () => {
    const files = [...storyFiles('e2e'), ...storyFiles('e2e-cluster')];
    expect(files).toContain(HELPER);
    const direct = files
      .filter((file) => file !== HELPER)
      .filter((file) => /\.screenshot\(/.test(readFileSync(path.join(ROOT, file), 'utf8')));
    expect(direct).toEqual([]);
  });
});
