import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './scripts/vite-precompress';

// The client lives in src/client and builds to dist/client, which the server serves.
export default defineConfig({
  root: 'src/client',
  plugins: [react(), tailwindcss(), precompress()],
  // No source maps for the client: the built files are public, the sources are not (decision 0058).
  build: { outDir: '../../dist/client', emptyOutDir: true, sourcemap: false },
  server: { proxy: { '/api': 'http://localhost:5000' } },
});
