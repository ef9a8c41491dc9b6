// Builds the console; in development it proxies the API running on port 3000.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compileLzfWasm, lzfSource } from '../workflows/assembly/compile-lzf';

const api = 'http://127.0.0.1:3000';

/**
 * `virtual:lzf-wasm`: the point cloud worker's LZF decoder, compiled from its AssemblyScript source by every build
 * and inlined as bytes (a few hundred), so the worker compiles it without a request of its own.
 */
function lzfWasm(): Plugin {
  const id = 'virtual:lzf-wasm';
  return {
    name: 'lzf-wasm',
    resolveId: (source) => (source === id ? `\0${id}` : null),
    async load(resolved) {
      if (resolved !== `\0${id}`) return null;
      this.addWatchFile(fileURLToPath(lzfSource));
      const base64 = Buffer.from(await compileLzfWasm()).toString('base64');
      return `export default Uint8Array.from(atob('${base64}'), (c) => c.charCodeAt(0));`;
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), lzfWasm()],
  // Workers are bundled on their own, with only these plugins.
  worker: { plugins: () => [lzfWasm()] },
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
