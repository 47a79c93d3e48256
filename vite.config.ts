import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/** The back end `npm run dev` talks to (docs/api.md). */
const backend = process.env['LUC_BACKEND'] ?? 'http://127.0.0.1:8080';

/**
 * Chunks of their own (issue 15 item 6: none above Vite's 500 kB warning; docs/performance.md
 * "Start-up"). React and the router are what every page needs, apart from the app code that
 * changes with each release, so they stay cached across releases; OpenLayers (the map only, ~1.9 MB
 * of source) is one chunk that loads when the map opens. Everything
 * else is split by Vite's dynamic imports: the screens (src/app/screens.ts), the shell and the
 * pages outside it (src/app/router.tsx), so the sign-in page loads none of the map, the wall,
 * charts or data tables.
 */
const CHUNK_GROUPS = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 3 },
  { name: 'router', test: /node_modules[\\/]react-router[\\/]/, priority: 3 },
  // One OpenLayers chunk: cut by size (maxSize) its pieces import each other in cycles and the map
  // failed at start ("d is not a constructor"); it loads only with the map.
  { name: 'ol', test: /node_modules[\\/](ol|rbush|quickselect|earcut)[\\/]/, priority: 2 },
];

// One config for the console build and for Vitest (unit and property tests run in Node).
export default defineConfig({
  plugins: [react()],
  worker: { format: 'es' },
  // Worker-only dependencies are pre-bundled up front; otherwise the dev server reloads on first load.
  optimizeDeps: { include: ['immer', 'partysocket/ws', 'comlink', 'effect'] },
  build: {
    outDir: 'dist',
    sourcemap: 'hidden', // maps for engineers, no sourceMappingURL in the served files
    rolldownOptions: { output: { codeSplitting: { groups: CHUNK_GROUPS } } },
  },
  // `npm run dev` serves the console with hot reload and forwards the API and the websocket to a
  // running back end: ours from `npm start` by default, or another one (docs/api.md).
  // The proxy is a same-origin hop, so the websocket's Origin is rewritten to the back end's own.
  server: {
    proxy: {
      '/luc/luc-core-web/rest': { target: backend, changeOrigin: true },
      '/luc/luc-core-web/ws': { target: backend, ws: true, changeOrigin: true, headers: { origin: new URL(backend).origin } },
    },
  },
  test: {
    include: ['src/**/*.test.ts', 'workers/**/*.test.ts', 'replay/**/*.test.ts', 'tests/integration/**/*.test.ts', 'tests/property/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    // Servers started in beforeAll (real processes in the scale-out test) need more than the
    // default 10 s on a loaded 2-core machine.
    hookTimeout: 120_000,
    // Two workers on CI's 2 cores (the default is cores − 1 = 1): the integration files spend much of
    // their time waiting on servers and child processes. Files share a worker's module cache
    // (no isolation): each file re-importing the server, effect and the domain cost ~45 % of the
    // CPU of a run (measured on 3,710 tests of 10 integration files and src/domain: 129 → 69 CPU-s); tests keep no
    // state in modules, and the whole suite passes this way.
    maxWorkers: 2,
    isolate: false,
  },
});
