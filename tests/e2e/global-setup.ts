import { build } from 'vite';
import { fileURLToPath } from 'node:url';

/** Where the browser bundle of src/domain is written for the domain-in-Chromium tests. */
export const DOMAIN_BUNDLE = fileURLToPath(new URL('../../.cache/domain.iife.js', import.meta.url));

/**
 * Bundles src/domain as one IIFE (global `LucDomain`) so a blank Chromium page can run the exact
 * rules the worker will run. Built once per test run; takes about a second.
 */
export default async function globalSetup(): Promise<void> {
  await build({
    configFile: false,
    logLevel: 'warn',
    build: {
      outDir: fileURLToPath(new URL('../../.cache', import.meta.url)),
      emptyOutDir: false,
      minify: false,
      lib: {
        entry: fileURLToPath(new URL('../../src/domain/index.ts', import.meta.url)),
        name: 'LucDomain',
        formats: ['iife'],
        fileName: () => 'domain.iife.js',
      },
    },
  });
}
