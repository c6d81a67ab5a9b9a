import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { largestBrotliScript } from '../../bench/lib/asset-case.mjs';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A built client in miniature: `files` under assets/, each of the given size. */
function client(files: Record<string, number>) {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-asset-'));
  dirs.push(dir);
  mkdirSync(path.join(dir, 'assets'));
  for (const [name, bytes] of Object.entries(files))
    writeFileSync(path.join(dir, 'assets', name), Buffer.alloc(bytes));
  return dir;
}

describe('the client-asset case picks what a first visit costs most (decision 0955)', () => {
  it('takes the script whose brotli copy is largest, not the largest file or a script without one', () => {
    const dir = client({
      'small.js': 10,
      'small.js.br': 5,
      'big.js': 900,
      'big.js.br': 300,
      'raw.js': 5000, // no .br beside it: the app would send it uncompressed
      'style.css': 4000,
      'style.css.br': 2000,
    });
    expect(largestBrotliScript(dir)).toMatchObject({
      name: 'big.js',
      bytes: 300,
      urlPath: '/assets/big.js',
      brFile: path.join(dir, 'assets', 'big.js.br'),
    });
  });

  it('says to build first when no script has a brotli copy', () => {
    expect(() => largestBrotliScript(client({ 'a.js': 10 }))).toThrow(/npm run build/);
  });
});
