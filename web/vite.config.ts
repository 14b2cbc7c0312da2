import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { ANTD_PROVIDER, staticClosure } from './chunk-groups';
import { pureContracts } from './pure-contracts';
import { routePreload } from './route-preload';

/** antd's provider and what it needs (its style runtime, theme, locale): wanted by every page that draws antd. */
const antdCore = staticClosure('antd-core', ANTD_PROVIDER);

export default defineConfig({
  plugins: [react(), pureContracts(), routePreload(), antdCore.plugin],
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/sso': 'http://localhost:3000' },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        // A first page's scripts in few files (issue 21: at most 15 requests). `app`: everything main.tsx imports
        // (React, the router, TanStack Query, the layout, header and footer), which every page runs; main.tsx
        // itself stays the entry, which route-preload.ts's starter imports at the visitor's first touch. `antd`:
        // the provider's closure, loaded with the first page that draws antd. The rest is split as rolldown
        // splits it, by which pages share a module: a page's own chunk, and chunks shared by a few pages.
        codeSplitting: {
          groups: [
            {
              name: 'app',
              tags: ['$initial'],
              test: (id) => !/[\\/]web[\\/](index\.html|src[\\/]main\.tsx)$/.test(id),
              priority: 2,
            },
            { name: 'antd', test: antdCore.has, priority: 1 },
          ],
        },
      },
    },
  },
});
