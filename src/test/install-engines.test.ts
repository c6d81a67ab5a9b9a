import { readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

// Issue 48: `npm ci` on any Node the README promises prints no EBADENGINE warning. npm warns when an
// installed package's `engines.node` does not take the running Node; the lockfile records each one.

const root = path.resolve(import.meta.dirname, '../..');
const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  engines: { node: string };
  dependencies: Record<string, string>;
};
type LockEntry = {
  engines?: { node?: string } | string[];
  optional?: boolean;
  os?: string[];
  cpu?: string[];
};
const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, LockEntry>;
};

/** Installed here: npm skips (and does not check) optional packages for another system. */
const installedHere = (entry: LockEntry) =>
  !entry.optional ||
  ((!entry.os || entry.os.includes(process.platform)) && (!entry.cpu || entry.cpu.includes(process.arch)));

describe('the install on the Node versions the README promises', () => {
  // The lowest we declare, the one running, and the long-term lines after it (21 and 23 were never LTS).
  const lowest = semver.minVersion(manifest.engines.node)!.version;
  const nodes = [lowest, process.versions.node, '22.20.0', '24.0.0'];

  it('declares Node 20.19 as the lowest, as the README says', () => {
    expect(lowest).toBe('20.19.0');
    expect(readFileSync(path.join(root, 'README.md'), 'utf8')).toContain('Node.js 20.19');
  });

  it.each(nodes)('no installed package declares engines that refuse Node %s (no EBADENGINE)', (node) => {
    const refusing = Object.entries(lock.packages)
      .filter(([name, entry]) => name !== '' && installedHere(entry))
      .flatMap(([name, entry]) => {
        const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
        return range && !semver.satisfies(node, range) ? [`${name} wants Node ${range}`] : [];
      });
    expect(refusing).toEqual([]);
  });

  it('pg-boss is the vendored registry package, its engines lowered (decision 0928)', () => {
    const spec = manifest.dependencies['pg-boss']!;
    const version = /^file:vendor\/pg-boss-(\d+\.\d+\.\d+)\.tgz$/.exec(spec)?.[1];
    expect(version, spec).toBeDefined();
    const installed = JSON.parse(
      readFileSync(path.join(root, 'node_modules/pg-boss/package.json'), 'utf8'),
    ) as { version: string; engines: { node: string }; journalVendored?: string };
    expect(installed.version).toBe(version);
    expect(installed.engines.node).toBe('>=20.19');
    expect(installed.journalVendored).toMatch(/decision 0928/);
  });
});
