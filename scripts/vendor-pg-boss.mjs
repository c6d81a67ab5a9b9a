#!/usr/bin/env node
// `node scripts/vendor-pg-boss.mjs 12.38.0`: writes vendor/pg-boss-<version>.tgz, the registry's
// pg-boss with one change: its package.json declares Node ≥ 20.19 instead of ≥ 22.12 (decision 0928).
// pg-boss 12 runs on Node 20.19 (the suite and CI run on Node 20; its code calls nothing newer than
// AbortSignal.any, Node 20.3), but its declared engines made every `npm install` warn EBADENGINE.
// Every other byte is the published package's. Then: `npm install pg-boss@file:vendor/pg-boss-<version>.tgz`.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const VENDORED_PG_BOSS_ENGINES = '>=20.19';

const version = process.argv[2];
if (!version || !/^\d+\.\d+\.\d+$/.test(version)) {
  console.error('usage: node scripts/vendor-pg-boss.mjs <version>, e.g. 12.38.0');
  process.exit(2);
}
const root = path.resolve(import.meta.dirname, '..');
const work = mkdtempSync(path.join(tmpdir(), 'vendor-pg-boss-'));
try {
  execFileSync(
    'npm',
    ['pack', `pg-boss@${version}`, '--ignore-scripts', '--silent', '--pack-destination', work],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const packed = readdirSync(work).find((f) => f.endsWith('.tgz'));
  if (!packed) throw new Error('npm pack wrote no tarball');
  execFileSync('tar', ['xzf', path.join(work, packed), '-C', work]);
  const manifestPath = path.join(work, 'package', 'package.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  manifest.engines = { ...manifest.engines, node: VENDORED_PG_BOSS_ENGINES };
  manifest.journalVendored = 'engines.node lowered from the registry package: see decision 0928';
  writeFileSync(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
  mkdirSync(path.join(root, 'vendor'), { recursive: true });
  const out = path.join(root, 'vendor', `pg-boss-${version}.tgz`);
  // Byte-for-byte repeatable: sorted names, fixed times and owners, gzip without a timestamp.
  const maxBuffer = 64 * 1024 * 1024;
  const tarball = execFileSync(
    'tar',
    ['c', '--sort=name', '--mtime=@0', '--owner=0', '--group=0', '--numeric-owner', '-C', work, 'package'],
    { maxBuffer },
  );
  writeFileSync(out, execFileSync('gzip', ['-9n'], { input: tarball, maxBuffer }));
  console.log(`wrote ${path.relative(root, out)}`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
