import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/chromium.ts';

/** The console under test: built once, served by the real server on a fresh database. */
// LUC_E2E_PORT lets two runs share a machine (a developer's run beside CI's).
export const E2E_PORT = Number(process.env['LUC_E2E_PORT'] ?? 8181);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
/** Every demo user (username = user type) signs in with this password. */
export const E2E_PASSWORD = 'e2e-Pass-1';

// A fresh database on every run: the server command empties this directory first. One per port,
// and the port is taken by one run at a time anyway.
const dbDir = join(tmpdir(), `luc-e2e-${E2E_PORT}`);
export const E2E_DB_FILE = join(dbDir, 'luc.db');
const dbFile = E2E_DB_FILE;
// The built console of this run, beside its database, so runs on other ports never share a build.
const distDir = join(dbDir, 'dist');

// Browser tests run in Debian's Chromium (/usr/bin/chromium); Playwright never downloads a browser here.
export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  workers: 1, // 2-core machines: one browser at a time keeps timings honest
  // One retry on CI only: two walks (unit page stream cycle, video return portal) depend on the simulator's random churn and failed once in three fresh-clone runs; a retry is reported as flaky, not hidden.
  retries: process.env['CI'] ? 1 : 0,
  timeout: 60_000,
  globalSetup: './tests/e2e/global-setup.ts',
  webServer: {
    command: `rm -rf '${dbDir}' && mkdir -p '${dbDir}' && npx vite build --logLevel warn --outDir '${distDir}' --emptyOutDir && npx tsx src/server/main.ts`,
    url: `${E2E_BASE_URL}/luc/luc-core-web/rest/openapi.json`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      LUC_DB: dbFile,
      LUC_DIST_DIR: distDir,
      // Every answer is checked against its contract (src/server/http/route.ts): a drift is a 500 here.
      LUC_CHECK_ANSWERS: '1',
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      LUC_DEMO_PASSWORD: E2E_PASSWORD,
      LUC_SIM_UNITS: '300',
      LUC_LOG_LEVEL: 'warn',
    },
  },
  use: {
    baseURL: E2E_BASE_URL,
    viewport: { width: 1440, height: 900 },
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] },
  },
});
