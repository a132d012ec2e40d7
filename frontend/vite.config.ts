import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: 'frontend',
  plugins: [react()],
  // The manifest and hidden source maps let bin/check-bundle.mjs measure what '/' downloads.
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: 'hidden', manifest: true },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/v1': 'http://localhost:3000', '/uploads': 'http://localhost:3000' },
  },
});
