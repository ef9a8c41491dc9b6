// Builds the console; in development it proxies the API running on port 3000.
import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: {
      '@': path.resolve(import.meta.dirname, 'src'),
      '@annot/workflows': path.resolve(import.meta.dirname, '../workflows/src/index.ts'),
    },
  },
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 1200 },
  server: {
    proxy: Object.fromEntries(['/manage', '/api', '/healthz', '/readyz', '/ocr_front_config'].map((p) => [p, { target: api, changeOrigin: true }])),
  },
});
