#!/usr/bin/env node
// `npm start`'s first step (decision 0862): `npm run build` when the sources changed since the last
// build, else nothing; the stamp is written only after a build that succeeded.
import { execSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { needsBuild, STAMP_FILE, sourcesHash } from './build-stamp.mjs';

const root = path.resolve(import.meta.dirname, '..');
const hash = sourcesHash(root);
if (needsBuild(root, hash) || process.env.FORCE_BUILD === '1') {
  execSync('npm run build', { cwd: root, stdio: 'inherit' });
  writeFileSync(path.join(root, STAMP_FILE), `${hash}\n`);
} else {
  console.log('Sources unchanged since the last build: starting it as built (FORCE_BUILD=1 rebuilds).');
}
