import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { directImports } from './build/direct-imports';
import { lazyGlobalStyles } from './build/lazy-global-styles';
import { leanThemeBarrel } from './build/lean-theme-barrel';
import { perIconImports } from './build/per-icon-imports';
import { splitExports } from './build/split-exports';
import { storefrontChunk } from './build/storefront-chunk';

const storefront = storefrontChunk('src/main.tsx', 'src/app/routes/marketplace/home.tsx', [
  'src/app/routes/marketplace/categories.tsx',
  'src/app/routes/marketplace/category.tsx',
  'src/app/routes/marketplace/app-detail.tsx',
]);

export default defineConfig({
  root: 'frontend',
  // The path aliases of tsconfig.base.json.
  resolve: {
    alias: [
      { find: /^@\//, replacement: fileURLToPath(new URL('./src/', import.meta.url)) },
      { find: /^@shared\//, replacement: fileURLToPath(new URL('../shared/', import.meta.url)) },
    ],
  },
  plugins: [
    perIconImports(),
    directImports(),
    leanThemeBarrel(),
    splitExports(),
    lazyGlobalStyles(),
    storefront.plugin,
    react(),
  ],
  // The manifest and hidden source maps let bin/check-bundle.mjs measure what '/' downloads.
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: 'hidden',
    manifest: true,
    rolldownOptions: {
      output: {
        // The icon groups' chunks are named after every screen that shares them, a name of 100
        // characters or more that the visitor's first chunk lists (for preloading) once per group.
        chunkFileNames: (chunk) =>
          chunk.name.startsWith('icons~') ? 'assets/icons-[hash].js' : 'assets/[name]-[hash].js',
        codeSplitting: {
          groups: [
            { name: 'storefront', test: storefront.test, priority: 3 },
            { name: 'storefront-screens', test: storefront.screensTest, priority: 2 },
            // The icons of the other screens, grouped by the screens that use them.
            {
              name: 'icons',
              test: /react-icons-lu:/,
              priority: 1,
              entriesAware: true,
              entriesAwareMergeThreshold: 2048,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/v1': 'http://localhost:3000', '/uploads': 'http://localhost:3000' },
  },
});
