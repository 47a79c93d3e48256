import { defineConfig } from '@playwright/test';

// Browser tests run in Debian's Chromium (/usr/bin/chromium); Playwright never downloads a browser here.
export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  workers: 1, // 2-core machines: one browser at a time keeps timings honest
  retries: 0,
  timeout: 60_000,
  globalSetup: './tests/e2e/global-setup.ts',
  use: {
    viewport: { width: 1440, height: 900 },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
