import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text assets worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest|ico)$/;
/** Below this a compressed copy saves less than its own headers cost (the server's JSON threshold too). */
const MIN_BYTES = 1024;

/**
 * Writes a .br and a .gz beside every built text asset (issue 11, decision 0058), so the server
 * sends them as they are (@fastify/static `preCompressed`) instead of compressing per request.
 * Then prints what the first route of each kind of visitor downloads, gzipped.
 */
export function precompress(): Plugin {
  let outDir = '';
  const gzipSizes = new Map<string, number>();
  return {
    name: 'journal-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      for (const fileName of Object.keys(bundle)) {
        if (!COMPRESSIBLE.test(fileName)) continue;
        const file = path.join(outDir, fileName);
        const raw = readFileSync(file);
        const gz = gzipSync(raw, { level: 9 });
        gzipSizes.set(fileName, gz.length);
        if (raw.length < MIN_BYTES) continue;
        const br = brotliCompressSync(raw, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
        });
        if (gz.length < raw.length) writeFileSync(`${file}.gz`, gz);
        if (br.length < raw.length) writeFileSync(`${file}.br`, br);
      }
      const sizes = firstRouteGzip(Object.values(bundle), (name) => gzipSizes.get(name) ?? 0);
      if (!sizes) return;
      // `npm test` builds once and hands these to src/test/first-route-size.test.ts (decision 0154).
      const report = process.env[FIRST_ROUTE_FILE_ENV];
      if (report) {
        mkdirSync(path.dirname(report), { recursive: true });
        writeFileSync(report, JSON.stringify(sizes));
      }
      const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB gzip`;
      const { entry, landing, journal, embed } = sizes;
      console.log(
        `\nFirst route JS (gzip -9): entry ${kb(entry)}; landing page ${kb(landing)}; journal (shell + page) ${kb(journal)}; budget ${kb(FIRST_ROUTE_BUDGET_BYTES)}` +
          `\nEmbed player JS (gzip -9): ${kb(embed)}; budget ${kb(EMBED_BUDGET_BYTES)}`,
      );
    },
  };
}

/** Names a file where a build leaves its first-route sizes (scripts/test.mjs sets it). */
export const FIRST_ROUTE_FILE_ENV = 'JOURNAL_FIRST_ROUTE_FILE';

/** Issue 11: the JS of a first visit, gzipped, whichever page it lands on. */
export const FIRST_ROUTE_BUDGET_BYTES = 150 * 1024;

/** Issue 24: all the JS of the embeddable player's page (embed.html), gzipped (decision 0330). */
export const EMBED_BUDGET_BYTES = 30 * 1024;

interface BuiltChunk {
  type: 'chunk' | 'asset';
  fileName: string;
  isEntry?: boolean;
  name?: string;
  facadeModuleId?: string | null;
  imports?: string[];
}

/** The embed page's entry chunk (vite.config.ts names the input `embed`). */
const isEmbedEntry = (c: BuiltChunk) =>
  Boolean(c.isEntry) && (c.name === 'embed' || Boolean(c.facadeModuleId?.endsWith('embed.html')));

/**
 * What a first visit downloads, in gzip bytes (`gzipSize` of a file name): the entry, then the
 * screens it opens and every chunk they import statically (lazy imports load later). The journal
 * is what a signed-in visitor lands on: the shell and the journal page. `embed` is the embeddable
 * player's page, all of its JS (it imports nothing lazily). Null without the app's entry.
 */
export function firstRouteGzip(
  output: ReadonlyArray<BuiltChunk>,
  gzipSize: (fileName: string) => number,
): { entry: number; landing: number; journal: number; embed: number } | null {
  const chunks = output.filter((c) => c.type === 'chunk');
  const entry = chunks.find((c) => c.isEntry && !isEmbedEntry(c));
  const embed = chunks.find(isEmbedEntry);
  if (!entry) return null;
  const closure = (names: string[]) => {
    const seen = new Set<string>();
    const visit = (name: string) => {
      if (seen.has(name)) return;
      seen.add(name);
      const chunk = chunks.find((c) => c.fileName === name);
      for (const dep of chunk?.imports ?? []) visit(dep);
    };
    for (const name of names) visit(name);
    return [...seen].reduce((sum, name) => sum + gzipSize(name), 0);
  };
  const screen = (module: string) => {
    const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(module));
    if (!chunk) throw new Error(`No chunk for ${module}: was it renamed, or is it no longer lazy?`);
    return chunk.fileName;
  };
  return {
    entry: closure([entry.fileName]),
    landing: closure([entry.fileName, screen('landing-page.tsx')]),
    journal: closure([entry.fileName, screen('app-shell.tsx'), screen('journal-page.tsx')]),
    embed: embed ? closure([embed.fileName]) : 0,
  };
}
