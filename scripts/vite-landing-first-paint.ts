import type { Plugin } from 'vite';
import { FIRST_PAINT_ATTRIBUTE, LANDING_PAGE_FILE } from '../src/shared/constants';

const EMPTY_ROOT = '<div id="root"></div>';
const FIRST_PAINT_MODULE = '../src/client/features/auth/landing-first-paint.tsx';

/**
 * Writes landing.html beside index.html (decision 0930): the same page with the landing drawn in
 * #root, so a signed-out visitor of `/` sees it as soon as the HTML and the CSS are in, rather than
 * after the entry, the session probe and the landing's chunk. The server sends it only to a request
 * without a signed-in session; the service worker keeps index.html, the shell of every address.
 */
export function landingFirstPaint(): Plugin {
  return {
    name: 'journal-landing-first-paint',
    apply: 'build',
    enforce: 'post',
    async generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset') return;
      const html = String(index.source);
      if (!html.includes(EMPTY_ROOT)) this.error(`index.html has no ${EMPTY_ROOT} to draw the landing into`);
      // Loaded here rather than imported by the config, which would bundle the client's modules into it.
      const { tsImport } = await import('tsx/esm/api');
      const { landingFirstPaintHtml } = (await tsImport(
        FIRST_PAINT_MODULE,
        import.meta.url,
      )) as typeof import('../src/client/features/auth/landing-first-paint');
      const root = `<div id="root" ${FIRST_PAINT_ATTRIBUTE}="landing">${landingFirstPaintHtml()}</div>`;
      this.emitFile({
        type: 'asset',
        fileName: LANDING_PAGE_FILE,
        source: html.replace(EMPTY_ROOT, () => root),
      });
    },
  };
}
