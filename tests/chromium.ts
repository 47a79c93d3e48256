/**
 * Debian's Chromium, as every browser run of the project launches it (Playwright tests, the bench):
 * the system binary (never a downloaded browser) and the flags for a headless, quiet, GPU-less
 * machine (no QUIC, no background networking, updates or sync to disturb a measurement).
 */
export const CHROMIUM_PATH = '/usr/bin/chromium';

export const CHROMIUM_ARGS: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
