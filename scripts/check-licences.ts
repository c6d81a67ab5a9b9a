// `npm run licences` (part of `npm run lint` and of npm test's first stage): fails when a package
// Journal ships with has a licence that may not be combined with the AGPL-3.0-or-later (decision 0810).
import { readFileSync } from 'node:fs';
import { incompatiblePackages } from './licences';

const lock = JSON.parse(readFileSync(new URL('../package-lock.json', import.meta.url), 'utf8'));
// The static ffmpeg/ffprobe that a machine without ffmpeg gets (scripts/ensure-ffmpeg.mjs) ship too,
// from a lock of their own (issue 48); tools/bench's are the benchmark's, never shipped.
const fallback = JSON.parse(
  readFileSync(new URL('../tools/ffmpeg-fallback/package-lock.json', import.meta.url), 'utf8'),
);
const own = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const problems = [
  ...incompatiblePackages(lock),
  ...incompatiblePackages(fallback).map((p) => `tools/ffmpeg-fallback: ${p}`),
];
if (own.license !== 'AGPL-3.0-or-later') problems.unshift(`package.json: license is ${own.license}`);
if (problems.length > 0) {
  console.error(
    `Licences not compatible with the AGPL-3.0-or-later:\n${problems.map((p) => `  ${p}`).join('\n')}`,
  );
  console.error(
    'Replace the package, or, if its files say otherwise, add it to KNOWN in scripts/licences.ts.',
  );
  process.exit(1);
}
const shipped = [...Object.entries(lock.packages), ...Object.entries(fallback.packages)].filter(
  ([where, entry]) => where !== '' && !(entry as { dev?: boolean }).dev,
);
console.log(`licences: ${shipped.length} shipped packages, all compatible with the AGPL-3.0-or-later`);
