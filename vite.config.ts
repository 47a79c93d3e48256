import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// One config for the console build and for Vitest (unit and property tests run in Node).
export default defineConfig({
  plugins: [react()],
  worker: { format: 'es' },
  // Worker-only dependencies are pre-bundled up front; otherwise the dev server reloads on first load.
  optimizeDeps: { include: ['immer', 'partysocket/ws', 'comlink', 'effect'] },
  build: { outDir: 'dist', sourcemap: true },
  test: {
    include: ['src/**/*.test.ts', 'workers/**/*.test.ts', 'replay/**/*.test.ts', 'tests/integration/**/*.test.ts', 'tests/property/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
  },
});
