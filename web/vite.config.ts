// Build, dev-server and unit-test configuration for the web app: one file so the
// `@` alias and the React transform are shared by `vite`, `vite build` and `vitest`.
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
// with its extension (and so `./paths.ts` inside it), as Vite's native config loader will require
import { routeManifest } from './src/config/route-manifest.ts';

/** Writes `routes.json` beside index.html: the server answers other paths with a 404. */
function routeManifestPlugin(): Plugin {
  return {
    name: 'vivier-route-manifest',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'routes.json', source: `${JSON.stringify(routeManifest(), null, 2)}\n` });
    },
  };
}

export default defineConfig({
  plugins: [react(), routeManifestPlugin()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    // The Rust server owns every /api route; in development Vite forwards them to it.
    proxy: { '/api': { target: 'http://127.0.0.1:8080', changeOrigin: true } },
  },
  build: {
    // The Rust server serves this folder with an index.html fallback for client routes.
    outDir: 'dist',
    emptyOutDir: true,
    // no source maps in the release build: the server would publish them to anyone
    sourcemap: false,
    // maplibre-gl alone is about 1 MB minified; it sits in the lazy chunk of the map, loaded only by map pages.
    chunkSizeWarningLimit: 1100,
  },
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'node',
    // worker threads start faster than the default child processes (95 s -> 81 s here)
    pool: 'threads',
    // the files share their worker's modules and jsdom window (145 s -> 31 s here); each one
    // starts on an unused browser all the same
    isolate: false,
    setupFiles: ['src/testing/fresh-browser.ts'],
    restoreMocks: true,
  },
});
