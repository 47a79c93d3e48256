#!/usr/bin/env node
// The one test command (`npm test`): type check, unit and property tests (Vitest), browser tests
// (Playwright in Debian's Chromium). It ends with the plain line `N passed, N failed`, counted
// from the runners' own JSON results, so a run that executed no test shows as `0 passed`.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const resultsDir = join(root, 'tests/.results');
const CHROMIUM = '/usr/bin/chromium';
const bin = (name) => join(root, 'node_modules/.bin', name);

rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });

function run(label, command, args, env = {}) {
  console.log(`\n── ${label} ──`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status ?? 1;
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** Debian's Chromium is the only browser Playwright may use here; install it when missing. */
function ensureChromium() {
  if (existsSync(CHROMIUM)) return true;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || !existsSync('/usr/bin/apt-get')) {
    console.error(`Chromium is missing at ${CHROMIUM}: run "sudo apt-get update && sudo apt-get install -y chromium", then npm test again.`);
    return false;
  }
  console.log(`Chromium is missing at ${CHROMIUM}: installing Debian's chromium package (about a minute).`);
  const env = { DEBIAN_FRONTEND: 'noninteractive' };
  if (run('apt-get update', 'apt-get', ['update', '-qq'], env) !== 0) return false;
  return run('apt-get install chromium', 'apt-get', ['install', '-y', '-qq', 'chromium'], env) === 0 && existsSync(CHROMIUM);
}

let passed = 0;
let failed = 0;

// 1. Type check: not a test runner, but a failing type check fails the run and counts as one failure.
if (run('type check (tsc --noEmit)', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']) !== 0) {
  console.error('type check: failed');
  failed += 1;
}

// 2. Unit and property tests.
const vitestJson = join(resultsDir, 'vitest.json');
run('unit and property tests (vitest)', bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile=${vitestJson}`]);
const vitest = readJson(vitestJson);
if (vitest === null) {
  console.error('vitest: no results were written (the runner crashed before reporting)');
  failed += 1;
} else {
  passed += vitest.numPassedTests ?? 0;
  failed += vitest.numFailedTests ?? 0;
  // A suite that fails to load has no tests counted; count each as one failure so it is not hidden.
  const brokenSuites = (vitest.testResults ?? []).filter((suite) => suite.status === 'failed' && (suite.assertionResults ?? []).length === 0).length;
  failed += brokenSuites;
}

// 3. Browser tests in Debian's Chromium.
if (ensureChromium()) {
  const playwrightJson = join(resultsDir, 'playwright.json');
  run('browser tests (playwright, Debian chromium)', bin('playwright'), ['test', '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson,
  });
  const playwright = readJson(playwrightJson);
  if (playwright === null) {
    console.error('playwright: no results were written (the runner crashed before reporting)');
    failed += 1;
  } else {
    const stats = playwright.stats ?? {};
    passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
    failed += stats.unexpected ?? 0;
    failed += (playwright.errors ?? []).length; // global setup or config errors
  }
} else {
  failed += 1;
}

console.log('');
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
