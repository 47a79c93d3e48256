import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { noChunkCycles } from './src/build/chunkCycles.ts';

/** The back end `npm run dev` talks to (docs/api.md). */
const backend = process.env['LUC_BACKEND'] ?? 'http://127.0.0.1:8080';

/**
 * Chunks of their own (issue 15 item 6: none above Vite's 500 kB warning; docs/performance.md §7).
 * React and the router are what every page needs, apart from the app code that changes with each
 * release, so they stay cached across releases. OpenLayers (the map only) is one chunk that loads
 * when the map opens, cut along its import graph, never by size: a group takes the modules its
 * `test` names AND everything they import (Rolldown's includeDependenciesRecursively, on by
 * default), so
 *  - `ol`: the map, view, overlay, canvas vector layers, vector source, styles, controls and the
 *    GeoJSON reader, with all they import (the basemap, the unit points, clusters and the selected
 *    unit draw with it; the units' WebGL layer and its `ol-webgl` chunk are gone since
 *    docs/performance.md §5k).
 * The group holds the closure of what it names, so OpenLayers' own import cycles stay inside one
 * chunk; the build fails if chunks ever import each other in a cycle (src/build/chunkCycles.ts: an
 * earlier cut by size, maxSize, did, and the map failed at start with "d is not a constructor").
 * What OpenLayers loads
 * itself on demand stays out of it: the XYZ tile layer (src/features/map/tileLayer.ts, only
 * with a configured tile URL) is a chunk of its own that the map never asks for by default.
 * Everything else is split by Vite's dynamic imports: the screens (src/app/screens.ts), the shell
 * and the pages outside it (src/app/router.tsx).
 */
const CHUNK_GROUPS = [
  // Vite's preload helper (every dynamic import calls it): captured first so that no library group takes it in
  // with its own dynamic imports (OpenLayers has one) and the sign-in page loads that library for 3 kB.
  { name: 'preload-helper', test: /vite[\\/]preload-helper/, priority: 4 },
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 3 },
  { name: 'router', test: /node_modules[\\/]react-router[\\/]/, priority: 3 },
  // Everything else the entry imports statically (the sign-in page: Mantine's base and inputs, i18next, the app's
  // start): one chunk. Left to automatic splitting it was ~30 small chunks, one per set of screens sharing a module,
  // each gzipped alone: 168.5 → 158.9 KiB for the same code (docs/performance.md §7r). Tried, not kept: a group of the
  // shell's static imports (read from the module graph) took ~600 modules, all of Mantine through its barrel file,
  // into one chunk of 178 KiB gzip, and the unit list's figure fell by 6 KiB only.
  { name: 'start', tags: ['$initial' as const], priority: 1 },
  { name: 'ol', test: /node_modules[\\/]ol[\\/](Map|View|Overlay|layer[\\/](Vector|VectorImage)|source[\\/]Vector|style|control[\\/]defaults|format[\\/]GeoJSON)\.js$/, priority: 2 },
];

/**
 * Calls the bundler may drop when their result is unused (Rolldown's manualPureFunctions; the name
 * covers its members, e.g. `Schema.Struct(…)`, `Schema.Int.check(…)`). effect's Schema
 * constructors build descriptions and touch nothing else, but they are not annotated, so a module
 * of the REST contract (src/protocol/rest) came whole into every chunk that used one endpoint of
 * it: 4.1 KiB gzip of the unit list's JavaScript (the start-up probe's count) and 2.8 KiB of the
 * worker's script (docs/performance.md §7s). Our own `endpoint()` carries the @__NO_SIDE_EFFECTS__
 * annotation instead. Nothing in the console calls Schema for its effect alone (a decode's result
 * is always used).
 */
const PURE_FUNCTIONS = ['Schema'];

// One config for the console build and for Vitest (unit and property tests run in Node).
export default defineConfig({
  plugins: [react(), noChunkCycles()],
  worker: { format: 'es', rolldownOptions: { treeshake: { manualPureFunctions: PURE_FUNCTIONS } } },
  // Worker-only dependencies are pre-bundled up front; otherwise the dev server reloads on first load.
  optimizeDeps: { include: ['immer', 'partysocket/ws', 'comlink', 'effect'] },
  build: {
    outDir: 'dist',
    sourcemap: 'hidden', // maps for engineers, no sourceMappingURL in the served files
    rolldownOptions: { treeshake: { manualPureFunctions: PURE_FUNCTIONS }, output: { codeSplitting: { groups: CHUNK_GROUPS } } },
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
    // The replay summary's WebAssembly scanner, built from source when stale (never committed).
    globalSetup: ['tests/replayScannerSetup.ts'],
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
