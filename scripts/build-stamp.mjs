// npm start builds only when something the build reads changed since the last build (issue 48,
// decision 0862): a sha256 over those files' paths and bytes is written to dist/.build-stamp after a
// build, and compared before the next start. Content, not mtimes: a checkout or a copy touches
// every file's time without changing what is built.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** What `npm run build` reads: the sources, the build's own configuration and the locked packages. */
export const BUILD_INPUTS = [
  'src/client',
  'src/server',
  'src/shared',
  'drizzle',
  'vite.config.ts',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
  'scripts/vite-embed-copies.ts',
  'scripts/vite-icon-imports.ts',
  'scripts/vite-landing-first-paint.ts',
  'scripts/vite-precompress.ts',
  'scripts/vite-route-chunks.ts',
];
/** Tests are never built into dist/: editing one must not cost a rebuild. */
const NOT_BUILT = /\.(test|spec)\.tsx?$|\.fixture\.tsx?$/;

export const STAMP_FILE = 'dist/.build-stamp';
/** What the server serves from: a stamp without them is no build. */
const BUILD_OUTPUTS = ['dist/server/main.js', 'dist/client/index.html'];

function filesUnder(root, entry) {
  const full = path.join(root, entry);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [entry];
  return readdirSync(full, { withFileTypes: true }).flatMap((child) =>
    child.name === 'node_modules' ? [] : filesUnder(root, path.join(entry, child.name)),
  );
}

/** The hash of every build input under `root` (paths sorted, so the walk order does not matter). */
export function sourcesHash(root, inputs = BUILD_INPUTS) {
  const hash = createHash('sha256');
  const files = inputs.flatMap((entry) => filesUnder(root, entry)).filter((file) => !NOT_BUILT.test(file));
  for (const file of files.sort()) {
    hash.update(`${file.split(path.sep).join('/')}\0`);
    hash.update(readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** Whether `root` needs `npm run build`: no output, no stamp, or a stamp of other sources. */
export function needsBuild(root, hash = sourcesHash(root)) {
  if (BUILD_OUTPUTS.some((file) => !existsSync(path.join(root, file)))) return true;
  const stamp = path.join(root, STAMP_FILE);
  return !existsSync(stamp) || readFileSync(stamp, 'utf8').trim() !== hash;
}
