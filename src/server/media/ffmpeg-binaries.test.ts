import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { resolveFfmpeg } from './ffmpeg-binaries';

const savedPath = process.env.PATH;
afterEach(() => {
  process.env.PATH = savedPath;
});

/**
 * A stand-in for tools/ffmpeg-fallback once scripts/ensure-ffmpeg.mjs has installed it: the two
 * installer packages, each exporting `path` to a binary that prints its version line, as the real
 * ones do (the real builds are 142 MB, installed only on a machine without ffmpeg).
 */
function fakeFallback(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'ffmpeg-fallback-'));
  writeFileSync(path.join(dir, 'package.json'), '{"private":true}');
  for (const [installer, tool] of [
    ['@ffmpeg-installer/ffmpeg', 'ffmpeg'],
    ['@ffprobe-installer/ffprobe', 'ffprobe'],
  ] as const) {
    const pkg = path.join(dir, 'node_modules', installer);
    mkdirSync(pkg, { recursive: true });
    const binary = path.join(pkg, tool);
    writeFileSync(binary, `#!/bin/sh\necho "${tool} version static"\n`);
    chmodSync(binary, 0o755);
    writeFileSync(path.join(pkg, 'package.json'), `{"name":"${installer}","main":"index.js"}`);
    writeFileSync(path.join(pkg, 'index.js'), `module.exports = { path: ${JSON.stringify(binary)} };`);
  }
  return dir;
}

const fallback = fakeFallback();
afterAll(() => rmSync(fallback, { recursive: true, force: true }));

describe('resolveFfmpeg', () => {
  it('takes the system ffmpeg from PATH when there is one', () => {
    const found = resolveFfmpeg({}, fallback);
    expect(found.source).toBe('system');
    expect(found.ffmpeg).toMatch(/\/ffmpeg$/);
    expect(found.ffprobe).toMatch(/\/ffprobe$/);
  });

  it('falls back to the binaries of the npm packages installed in tools/ffmpeg-fallback, which run', () => {
    process.env.PATH = '/nonexistent';
    const found = resolveFfmpeg({}, fallback);
    expect(found.source).toBe('npm');
    expect(found.ffmpeg).toContain(path.join(fallback, 'node_modules', '@ffmpeg-installer'));
    expect(execFileSync(found.ffmpeg, ['-version']).toString()).toMatch(/^ffmpeg version/);
    expect(execFileSync(found.ffprobe, ['-version']).toString()).toMatch(/^ffprobe version/);
  });

  it('says how to get one when there is no system ffmpeg and the fallback is not installed', () => {
    process.env.PATH = '/nonexistent';
    const empty = mkdtempSync(path.join(tmpdir(), 'ffmpeg-fallback-empty-'));
    writeFileSync(path.join(empty, 'package.json'), '{"private":true}');
    try {
      expect(() => resolveFfmpeg({}, empty)).toThrow(/No ffmpeg found.*ensure-ffmpeg/);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });

  it('looks in tools/ffmpeg-fallback of this checkout by default', () => {
    process.env.PATH = '/nonexistent';
    // Installed here only on a machine without ffmpeg: either it is, or the error names the way.
    try {
      expect(resolveFfmpeg().ffmpeg).toContain(path.join('tools', 'ffmpeg-fallback', 'node_modules'));
    } catch (error) {
      expect(String(error)).toMatch(/ensure-ffmpeg/);
    }
  });

  it('FFMPEG_PATH and FFPROBE_PATH win', () => {
    expect(resolveFfmpeg({ ffmpegPath: '/opt/ff/ffmpeg', ffprobePath: '/opt/ff/ffprobe' })).toEqual({
      ffmpeg: '/opt/ff/ffmpeg',
      ffprobe: '/opt/ff/ffprobe',
      source: 'configured',
    });
  });
});
