import { readFileSync, writeFileSync } from 'node:fs';
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
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const entry = chunks.find((c) => c.isEntry);
      if (!entry) return;
      // The JS a first visit downloads: the entry, then the screens it opens and what they import.
      const closure = (names: string[]) => {
        const seen = new Set<string>();
        const visit = (name: string) => {
          if (seen.has(name)) return;
          seen.add(name);
          const chunk = chunks.find((c) => c.fileName === name);
          for (const dep of chunk?.imports ?? []) visit(dep);
        };
        for (const name of names) visit(name);
        return [...seen].reduce((sum, name) => sum + (gzipSizes.get(name) ?? 0), 0);
      };
      const screen = (module: string) =>
        chunks.find((c) => c.facadeModuleId?.endsWith(module))?.fileName ?? '';
      const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB gzip`;
      const landing = closure([entry.fileName, screen('landing-page.tsx')]);
      const journal = closure([entry.fileName, screen('app-shell.tsx'), screen('journal-page.tsx')]);
      console.log(
        `\nFirst route JS (gzip -9): entry ${kb(closure([entry.fileName]))}; landing page ${kb(landing)}; journal (shell + page) ${kb(journal)}; budget 150 KB gzip`,
      );
    },
  };
}
