import { describe, expect, it } from 'vitest';
import { incompatiblePackages, isCompatible, parseExpression } from '../../scripts/licences';

/** The licence check of npm run lint (decision 0810). */
describe('licences compatible with the AGPL-3.0-or-later', () => {
  it('reads SPDX expressions: AND needs both sides, OR either, WITH keeps the licence', () => {
    expect(isCompatible('MIT')).toBe(true);
    expect(isCompatible('(MIT OR CC0-1.0)')).toBe(true);
    expect(isCompatible('Apache-2.0 AND LGPL-3.0-or-later AND MIT')).toBe(true);
    expect(isCompatible('GPL-2.0-only OR MIT')).toBe(true);
    expect(isCompatible('GPL-2.0-only AND MIT')).toBe(false);
    expect(isCompatible('GPL-3.0-or-later WITH GCC-exception-3.1')).toBe(true);
    expect(isCompatible('GPL-2.0+')).toBe(false);
    expect(isCompatible('LGPL-2.1+')).toBe(true);
    expect(isCompatible('GPLv3')).toBe(true);
  });

  it('refuses what it cannot read, and licences the AGPL does not admit', () => {
    for (const text of [
      'SEE LICENSE IN LICENSE.txt',
      'UNLICENSED',
      'MIT OR',
      '(MIT',
      'SSPL-1.0',
      'BUSL-1.1',
      'CC-BY-NC-4.0',
      'GPL-2.0-only',
      '',
    ]) {
      expect(isCompatible(text), text).toBe(false);
    }
    expect(() => parseExpression('MIT AND')).toThrow();
  });

  it('names each shipped package that fails, leaves dev-only ones alone', () => {
    const lock = {
      packages: {
        '': { name: 'journal', license: 'AGPL-3.0-or-later' },
        'node_modules/ok': { license: 'MIT' },
        'node_modules/tool': { license: 'SSPL-1.0', dev: true },
        'node_modules/a/node_modules/nested': { license: 'SSPL-1.0' },
        'node_modules/@scope/bare': {},
        'node_modules/@ffmpeg-installer/darwin-arm64': { license: 'https://git.ffmpeg.org/LICENSE.md' },
        'node_modules/shimmed': { resolved: 'tools/shims/shimmed', link: true },
        'tools/shims/shimmed': { name: 'shimmed', license: 'BUSL-1.1' },
      },
    };
    expect(incompatiblePackages(lock)).toEqual([
      'nested: SSPL-1.0',
      '@scope/bare: no licence given',
      'shimmed: BUSL-1.1',
    ]);
  });
});
