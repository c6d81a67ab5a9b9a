import { existsSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  EMBED_BUDGET_BYTES,
  FIRST_ROUTE_BUDGET_BYTES,
  FIRST_ROUTE_FILE_ENV,
  firstRouteGzip,
} from '../../scripts/vite-precompress';
import { buildClientInMemory } from './client-build';

/**
 * The client's first route against issue 11's budget (150 KB gzip), from a real production build
 * kept in memory (`write: false`, a few seconds): the entry plus the chunks the first screen
 * imports statically, gzip -9 as the server's precompressed files are (decision 0075). Both the
 * landing page and the signed-in journal are held to it since the popper widgets and the sheets
 * load on first use (decisions 0076, 0077). Under `npm test` the sizes come from the build it made
 * just before (JOURNAL_FIRST_ROUTE_FILE, written by the same plugin code), so the client is built
 * once per run (decision 0154).
 */

function sizesFromThisRunsBuild() {
  const file = process.env[FIRST_ROUTE_FILE_ENV];
  if (!file || !existsSync(file)) return undefined;
  return JSON.parse(readFileSync(file, 'utf8')) as {
    entry: number;
    landing: number;
    journal: number;
    embed?: number;
  };
}

async function buildClient() {
  const files = await buildClientInMemory();
  const code = new Map(files.flatMap((f) => (f.type === 'chunk' ? [[f.fileName, f.code] as const] : [])));
  const sizes = firstRouteGzip(files, (name) => gzipSync(code.get(name) ?? '', { level: 9 }).length);
  if (!sizes) throw new Error('The build has no entry chunk');
  return sizes;
}

let built: ReturnType<typeof buildClient> | undefined;
/** This run's sizes: from `npm test`'s build, else one build shared by the tests below. */
async function sizes() {
  const fromRun = sizesFromThisRunsBuild();
  if (fromRun?.embed !== undefined) return { ...fromRun, embed: fromRun.embed };
  built ??= buildClient();
  return built;
}

describe('first route JS size (issue 11)', () => {
  it('keeps the landing page and the signed-in journal within 150 KB gzip', async () => {
    const { landing, journal } = await sizes();
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
    expect(kb(landing), 'landing page first route').toBe(kb(Math.min(landing, FIRST_ROUTE_BUDGET_BYTES)));
    expect(kb(journal), 'journal first route').toBe(kb(Math.min(journal, FIRST_ROUTE_BUDGET_BYTES)));
  }, 120_000);
});

describe('embeddable player JS size (issue 24, decision 0330)', () => {
  it('keeps all the JS of embed.html within 30 KB gzip', async () => {
    const { embed } = await sizes();
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
    expect(embed, 'the build has an embed entry').toBeGreaterThan(0);
    expect(kb(embed), 'embed page JS').toBe(kb(Math.min(embed, EMBED_BUDGET_BYTES)));
  }, 120_000);
});
