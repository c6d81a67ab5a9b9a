import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The architecture's rules (.dependency-cruiser.cjs, decision 0465) are what `npm run lint` holds
// src/ to. This cruises a small tree laid out like src/ with the same configuration, so a rule
// that stopped catching what it is for (a loosened path, type imports no longer seen through
// Babel) fails here rather than letting violations into src/ unnoticed.

const root = path.resolve(import.meta.dirname, '../..');
let tree: string;

const files: Record<string, string> = {
  'src/client/features/alpha/private.ts': 'export const secret = 1;\nexport type Secret = number;\n',
  'src/client/features/alpha/index.ts': "export { secret } from './private';\n",
  // Allowed: another feature through its index.ts.
  'src/client/features/gamma/through-index.ts':
    "import { secret } from '../alpha';\nexport const g = secret;\n",
  // Not allowed: another feature's private file, by value and by type alone.
  'src/client/features/beta/reaches-in.ts':
    "import { secret } from '../alpha/private';\nexport const b = secret;\n",
  'src/client/features/delta/type-only.ts':
    "import type { Secret } from '../alpha/private';\nexport const d: Secret = 2;\n",
  // Not allowed: the player (a building block) importing a feature; lib importing an entity.
  'src/client/player/store.ts': "import { secret } from '../features/alpha';\nexport const p = secret;\n",
  'src/client/entities/track/keys.ts': 'export const KEY = 1;\n',
  'src/client/lib/util.ts': "import { KEY } from '../entities/track/keys';\nexport const u = KEY;\n",
  // A .tsx file read (JSX through Babel) and a client → server import.
  'src/client/app.tsx':
    "import { handler } from '../server/features/one/one.service';\nexport const App = () => <div>{String(handler)}</div>;\n",
  // Server: a plugin reaching up into a feature; a feature into another's non-service file.
  'src/server/features/one/one.service.ts': 'export const handler = 1;\n',
  'src/server/features/one/one.columns.ts': 'export const columns = 1;\n',
  'src/server/features/two/two.service.ts':
    "import { handler } from '../one/one.service';\nimport { columns } from '../one/one.columns';\nexport const two = handler + columns;\n",
  'src/server/plugins/guard.ts':
    "import { handler } from '../features/one/one.service';\nexport const guard = handler;\n",
  // Heavy packages: loaded on demand by their loaders, never imported at start-up (decision 0495).
  'src/server/media/sharp.ts': "export const load = () => import('sharp');\n",
  'src/server/media/eager.ts': "import sharp from 'sharp';\nexport const s = sharp;\n",
  'src/server/media/types.ts': "import type { Metadata } from 'sharp';\nexport type M = Metadata;\n",
  // Resolvable packages, as in the project (an unresolved import() is not known to be dynamic).
  'node_modules/sharp/package.json': '{"name":"sharp","main":"index.js"}',
  'node_modules/sharp/index.js': 'module.exports = {};\n',
  'node_modules/@aws-sdk/client-s3/package.json': '{"name":"@aws-sdk/client-s3","main":"index.js"}',
  'node_modules/@aws-sdk/client-s3/index.js': 'module.exports = {};\n',
  'src/server/storage/s3-store.ts':
    "import { S3Client } from '@aws-sdk/client-s3';\nexport const C = S3Client;\n",
  'src/server/storage/create-store.ts': "export const make = () => import('./s3-store');\n",
  'src/server/storage/eager-store.ts': "import { C } from './s3-store';\nexport const c = C;\n",
  // A cycle in src/shared.
  'src/shared/ping.ts': "import { pong } from './pong';\nexport const ping = () => pong;\n",
  'src/shared/pong.ts': "import { ping } from './ping';\nexport const pong = () => ping;\n",
};

beforeAll(() => {
  tree = mkdtempSync(path.join(tmpdir(), 'journal-architecture-'));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(tree, file)), { recursive: true });
    writeFileSync(path.join(tree, file), text);
  }
});
afterAll(() => rmSync(tree, { recursive: true, force: true }));

describe('the architecture rules', () => {
  it('catch each kind of violation they are for, and only those', () => {
    const cruise = spawnSync(
      process.execPath,
      [
        path.join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs'),
        'src/**/*.{ts,tsx}',
        '--config',
        path.join(root, '.dependency-cruiser.cjs'),
        '--output-type',
        'json',
      ],
      { cwd: tree, encoding: 'utf8' },
    );
    const result = JSON.parse(cruise.stdout) as {
      summary: { violations: { rule: { name: string }; from: string; to: string }[] };
    };
    const found = result.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`).sort();
    expect(found).toEqual(
      [
        'client-feature-public-surface: src/client/features/beta/reaches-in.ts → src/client/features/alpha/private.ts',
        'client-feature-public-surface: src/client/features/delta/type-only.ts → src/client/features/alpha/private.ts',
        'client-building-blocks-below-features: src/client/player/store.ts → src/client/features/alpha/index.ts',
        'client-lowest-layers: src/client/lib/util.ts → src/client/entities/track/keys.ts',
        'client-not-server: src/client/app.tsx → src/server/features/one/one.service.ts',
        'server-feature-public-surface: src/server/features/two/two.service.ts → src/server/features/one/one.columns.ts',
        'server-lower-layers-no-features: src/server/plugins/guard.ts → src/server/features/one/one.service.ts',
        'no-circular: src/shared/ping.ts → src/shared/pong.ts',
        'heavy-packages-load-lazily: src/server/media/eager.ts → node_modules/sharp/index.js',
        'heavy-packages-load-lazily: src/server/media/types.ts → node_modules/sharp/index.js',
        'lazy-modules-imported-on-demand: src/server/storage/eager-store.ts → src/server/storage/s3-store.ts',
      ].sort(),
    );
  }, 60_000);
});
