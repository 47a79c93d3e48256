import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/** The back end `npm run dev` talks to (docs/api.md). */
const backend = process.env['LUC_BACKEND'] ?? 'http://127.0.0.1:8080';

// One config for the console build and for Vitest (unit and property tests run in Node).
export default defineConfig({
  plugins: [react()],
  worker: { format: 'es' },
  // Worker-only dependencies are pre-bundled up front; otherwise the dev server reloads on first load.
  optimizeDeps: { include: ['immer', 'partysocket/ws', 'comlink', 'effect'] },
  build: { outDir: 'dist', sourcemap: 'hidden' }, // maps for engineers, no sourceMappingURL in the served files
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
  },
});
