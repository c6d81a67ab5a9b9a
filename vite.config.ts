import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './scripts/vite-precompress';

const page = (name: string) => fileURLToPath(new URL(`./src/client/${name}`, import.meta.url));

// The client lives in src/client and builds to dist/client, which the server serves.
export default defineConfig({
  root: 'src/client',
  plugins: [react(), tailwindcss(), precompress()],
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    // No source maps for the client: the built files are public, the sources are not (decision 0058).
    sourcemap: false,
    // The app, and the embeddable player's page: plain TypeScript, none of the app (decision 0330).
    rolldownOptions: { input: { index: page('index.html'), embed: page('embed.html') } },
  },
  server: { proxy: { '/api': 'http://localhost:5000' } },
});
