#!/usr/bin/env node
// Tool folders that `npm ci` at the root does not install (the dependency diet, issue 48): each of
// tools/<name> has its own package.json of exact versions and its package-lock.json, and is installed
// with `npm ci` in that folder the first time something needs it, from the same registry and cache.
// Today: tools/ffmpeg-fallback (the static ffmpeg/ffprobe, only on a machine without ffmpeg) and
// tools/bench (Lighthouse and its Chromium launcher, only for `npm run bench`).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const TOOLS_ROOT = path.resolve(import.meta.dirname, '..', 'tools');

/** Whether every package tools/<name>/package.json pins is installed there at that version. */
export function toolsInstalled(name) {
  const dir = path.join(TOOLS_ROOT, name);
  const wanted = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')).dependencies ?? {};
  return Object.entries(wanted).every(([pkg, version]) => {
    const manifest = path.join(dir, 'node_modules', pkg, 'package.json');
    return existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).version === version;
  });
}

/** `npm ci` in tools/<name> when its packages are not all there; says so on stderr. */
export function ensureTools(name) {
  if (toolsInstalled(name)) return;
  const dir = path.join(TOOLS_ROOT, name);
  console.error(`Installing tools/${name} (npm ci in that folder, once)…`);
  execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: dir,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  for (const name of process.argv.slice(2)) ensureTools(name);
}
