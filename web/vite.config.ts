import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { routePreload } from './route-preload';

export default defineConfig({
  plugins: [react(), routePreload()],
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/sso': 'http://localhost:3000' },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 600,
  },
});
