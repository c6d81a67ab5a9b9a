import path from 'node:path';
import type { Rolldown } from 'vite';
import { build } from 'vite';

/**
 * The client's production build kept in memory (`write: false`, a few seconds): what the size and
 * chunk tests read. The service worker is not made (vite.config.ts skips it without files).
 */
export async function buildClientInMemory(): Promise<Array<Rolldown.OutputChunk | Rolldown.OutputAsset>> {
  const root = path.resolve(import.meta.dirname, '../..');
  // Vitest runs with NODE_ENV=test, which would build React's development files.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  const result = await build({
    configFile: path.join(root, 'vite.config.ts'),
    root: path.join(root, 'src/client'),
    mode: 'production',
    logLevel: 'silent',
    build: { write: false },
  }).finally(() => {
    process.env.NODE_ENV = nodeEnv;
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  return outputs.flatMap((o) => o.output);
}
