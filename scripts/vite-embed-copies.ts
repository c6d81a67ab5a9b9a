import type { Plugin } from 'vite';

const EMBED_DIR = '/src/client/embed/';
const COPY = '?embed-copy';

/**
 * The embed page bundles its own copy of every module it shares with the app (decision 0330: the
 * embed imports nothing of the app). A module two entries import would otherwise become a chunk of
 * its own that the embed downloads beside the app. Each import made from the embed's files (or from
 * such a copy) resolves to the same file under another id (`?embed-copy`), which the bundler keeps
 * apart, so it lands inside the embed's chunk; the app's graph is untouched.
 */
export function embedOwnCopies(): Plugin {
  return {
    name: 'journal:embed-own-copies',
    enforce: 'pre',
    apply: 'build',
    async resolveId(source, importer, options) {
      if (!importer || source.includes('?')) return null;
      if (!importer.includes(EMBED_DIR) && !importer.endsWith(COPY)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved || resolved.external || resolved.id.includes('?')) return null;
      if (resolved.id.includes(EMBED_DIR) || resolved.id.includes('/node_modules/')) return null;
      return { ...resolved, id: `${resolved.id}${COPY}` };
    },
  };
}
