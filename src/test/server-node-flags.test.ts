import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pgliteNodeFlags, serverNodeFlags } from '../../scripts/server-node-flags.mjs';
import { isPostgresUrl } from '../server/config-env';

const root = path.resolve(import.meta.dirname, '../..');
const packageJson = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));

/** What `node scripts/server-node-flags.mjs` prints, as npm start's command substitution reads it. */
const printed = (databaseUrl: string | undefined) =>
  execFileSync(process.execPath, ['scripts/server-node-flags.mjs'], {
    cwd: root,
    encoding: 'utf8',
    env: { PATH: process.env.PATH, ...(databaseUrl === undefined ? {} : { DATABASE_URL: databaseUrl }) },
  });

describe('the node flags the server runs with, by database (decision 0912)', () => {
  it('keeps PGlite light: a 2 MB young generation and one V8 worker thread (decisions 0505, 0896)', () => {
    expect(pgliteNodeFlags()).toEqual(packageJson.config.nodeFlags.split(' '));
    expect(pgliteNodeFlags()).toEqual(
      expect.arrayContaining(['--max-semi-space-size=2', '--v8-pool-size=1']),
    );
    for (const url of [undefined, '', 'memory:', '  '])
      expect(serverNodeFlags(url)).toEqual(pgliteNodeFlags());
  });

  it("leaves a PostgreSQL instance V8's defaults, as docs/deploy.md runs it", () => {
    for (const url of ['postgres://u@db/journal', 'postgresql://db/journal', ' postgres://db/j '])
      expect(serverNodeFlags(url)).toEqual([]);
  });

  it("tells PostgreSQL apart as the server's config does", () => {
    const urls = [
      'postgres://db/j',
      'postgresql://db/j',
      ' postgres://db/j ',
      'POSTGRES://db/j',
      'mysql://db/j',
      'memory:',
      '',
    ];
    for (const url of urls) expect(serverNodeFlags(url).length === 0).toBe(isPostgresUrl(url.trim()));
  });

  it('prints them for npm start, whose command line reads them', () => {
    expect(printed(undefined)).toBe(pgliteNodeFlags().join(' '));
    expect(printed('postgres://u@127.0.0.1:5432/journal')).toBe('');
    expect(packageJson.scripts.start).toContain(
      'node $(node scripts/server-node-flags.mjs) dist/server/main.js',
    );
  });
});
