import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { embedOwnCopies } from './scripts/vite-embed-copies';
import { iconImports } from './scripts/vite-icon-imports';
import { landingFirstPaint } from './scripts/vite-landing-first-paint';
import { precompress } from './scripts/vite-precompress';
import { routeChunks } from './scripts/vite-route-chunks';

const page = (name: string) => fileURLToPath(new URL(`./src/client/${name}`, import.meta.url));

/**
 * The service worker (issue 25, decision 0355): src/client/sw.ts built to /sw.js with the list of
 * files to precache injected. The manifest is a committed file (public/manifest.webmanifest, linked
 * from index.html only), not generated, so the embed page gets no manifest link. The app registers
 * the worker itself (features/pwa), lazily and only in production builds.
 */
const pwa = VitePWA({
  strategies: 'injectManifest',
  srcDir: '.',
  filename: 'sw.ts',
  registerType: 'prompt',
  injectRegister: false,
  manifest: false,
  injectManifest: {
    // The shell: the app's page and every chunk it may load (lazy screens too, so they open offline).
    // Not the embed page or its own files (it is never served from the worker), nor the icons.
    globPatterns: ['index.html', 'assets/*.{js,css}'],
    globIgnores: ['assets/embed-*'],
    // Fails the build rather than silently leaving a big chunk out of the offline app.
    maximumFileSizeToCacheInBytes: 1024 * 1024,
  },
  integration: {
    // A build kept in memory (src/test/first-route-size.test.ts, `write: false`) has no files to
    // precache, and must not write a worker into dist/client.
    configureOptions(viteConfig, options) {
      if (viteConfig.build.write === false) options.disable = true;
    },
  },
});

// The first routes a visit may land on, most visited first: each gets one chunk of what its screens
// import beyond the entry (decision 0380).
const firstRoutes = routeChunks('src/client/index.html', [
  { name: 'landing', screens: ['/features/auth/landing-page.tsx'] },
  { name: 'journal', screens: ['/app/shell/app-shell.tsx', '/features/tracks/journal-page.tsx'] },
  {
    name: 'track',
    screens: ['/features/users/public-frame.tsx', '/features/tracks/shared-track-page.tsx'],
  },
]);

// The client lives in src/client and builds to dist/client, which the server serves.
export default defineConfig({
  root: 'src/client',
  plugins: [
    embedOwnCopies(),
    react(),
    tailwindcss(),
    iconImports(),
    landingFirstPaint(),
    precompress(),
    firstRoutes.plugin,
    pwa,
  ],
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    // No source maps for the client: the built files are public, the sources are not (decision 0058).
    sourcemap: false,
    // The app, and the embeddable player's page: plain TypeScript, none of the app (decision 0330).
    rolldownOptions: {
      input: { index: page('index.html'), embed: page('embed.html') },
      output: { codeSplitting: { groups: firstRoutes.groups } },
    },
  },
  server: { proxy: { '/api': 'http://localhost:5000' } },
});
