import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BUILD_INPUTS, needsBuild, STAMP_FILE, sourcesHash } from '../../scripts/build-stamp.mjs';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** A project in miniature: sources, a test, a lock file and a finished build. */
function project() {
  const root = mkdtempSync(path.join(tmpdir(), 'build-stamp-'));
  roots.push(root);
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  };
  write('src/server/main.ts', 'export const a = 1;');
  write('src/client/app.tsx', 'export const b = 2;');
  write('src/server/main.test.ts', 'test');
  write('package-lock.json', '{}');
  write('dist/server/main.js', 'built');
  write('dist/client/index.html', '<html>');
  const stamp = () => write(STAMP_FILE, `${sourcesHash(root)}\n`);
  return { root, write, stamp };
}

describe('npm start builds only what changed (decision 0862)', () => {
  it('builds without a stamp, and not again once the stamp matches', () => {
    const { root, stamp } = project();
    expect(needsBuild(root)).toBe(true);
    stamp();
    expect(needsBuild(root)).toBe(false);
  });

  it('builds again when a source, a new file or the locked packages change', () => {
    const { root, write, stamp } = project();
    stamp();
    write('src/client/app.tsx', 'export const b = 3;');
    expect(needsBuild(root)).toBe(true);
    stamp();
    write('src/shared/new.ts', 'export {}');
    expect(needsBuild(root)).toBe(true);
    stamp();
    write('package-lock.json', '{"lockfileVersion":3}');
    expect(needsBuild(root)).toBe(true);
  });

  it('does not rebuild for a test, or for a file merely touched', () => {
    const { root, write, stamp } = project();
    stamp();
    write('src/server/main.test.ts', 'another test');
    utimesSync(path.join(root, 'src/server/main.ts'), new Date(), new Date(Date.now() + 60_000));
    expect(needsBuild(root)).toBe(false);
  });

  it('builds when the build itself is gone, stamp or not', () => {
    const { root, stamp } = project();
    stamp();
    rmSync(path.join(root, 'dist/client'), { recursive: true });
    expect(needsBuild(root)).toBe(true);
  });

  it('counts every script the Vite config imports among what the build reads', () => {
    const config = readFileSync(path.join(import.meta.dirname, '../../vite.config.ts'), 'utf8');
    const scripts = [...config.matchAll(/from '\.\/(scripts\/[^']+)'/g)].map((m) => `${m[1]}.ts`);
    expect(scripts).toContain('scripts/vite-landing-first-paint.ts');
    for (const script of scripts) expect(BUILD_INPUTS, script).toContain(script);
  });
});
