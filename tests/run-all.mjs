#!/usr/bin/env node
// The one test command (`npm test`): type check, unit and property tests (Vitest; the store's
// contract runs on SQLite and on a throwaway PostgreSQL cluster), browser tests (Playwright in
// Debian's Chromium). It ends with the plain line `N passed, N failed`, counted
// from the runners' own JSON results, so a run that executed no test shows as `0 passed`.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const resultsDir = join(root, 'tests/.results');
const CHROMIUM = '/usr/bin/chromium';
/** Where Debian puts each PostgreSQL version's binaries (tests/integration/postgres.ts looks there too). */
const POSTGRES_LIB = '/usr/lib/postgresql';
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

/** True when initdb and pg_ctl are here: LUC_PG_BIN, or Debian's /usr/lib/postgresql/<version>/bin. */
function hasPostgres() {
  const dirs = process.env.LUC_PG_BIN ? [process.env.LUC_PG_BIN] : [];
  if (existsSync(POSTGRES_LIB)) dirs.push(...readdirSync(POSTGRES_LIB).map((version) => join(POSTGRES_LIB, version, 'bin')));
  return dirs.some((dir) => existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl')));
}

/**
 * The store's contract also runs on PostgreSQL (a throwaway cluster per run); install Debian's
 * postgresql package when its binaries are missing and we are root. Otherwise those tests are
 * reported as skipped, and this says how to run them.
 */
function ensurePostgres() {
  if (hasPostgres()) return true;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || !existsSync('/usr/bin/apt-get')) {
    console.error(`PostgreSQL binaries are missing (${POSTGRES_LIB}/<version>/bin): the store's PostgreSQL tests are skipped; run "sudo apt-get update && sudo apt-get install -y postgresql" to run them.`);
    return null;
  }
  console.log(`PostgreSQL binaries are missing: installing Debian's postgresql package (about a minute).`);
  const env = { DEBIAN_FRONTEND: 'noninteractive' };
  if (run('apt-get update', 'apt-get', ['update', '-qq'], env) !== 0) return false;
  return run('apt-get install postgresql', 'apt-get', ['install', '-y', '-qq', 'postgresql'], env) === 0 && hasPostgres();
}

/** The scale-out tests (issue 18) need Debian's nats-server (JetStream); install it like PostgreSQL. */
function ensureNatsServer() {
  if (['/usr/sbin/nats-server', '/usr/bin/nats-server'].some((file) => existsSync(file)) || process.env.LUC_NATS_SERVER) return true;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || !existsSync('/usr/bin/apt-get')) {
    console.error('nats-server is missing: the scale-out tests are skipped; run "sudo apt-get update && sudo apt-get install -y nats-server" to run them.');
    return null;
  }
  console.log("nats-server is missing: installing Debian's nats-server package.");
  const env = { DEBIAN_FRONTEND: 'noninteractive' };
  if (run('apt-get update', 'apt-get', ['update', '-qq'], env) !== 0) return false;
  return run('apt-get install nats-server', 'apt-get', ['install', '-y', '-qq', 'nats-server'], env) === 0;
}

let passed = 0;
let failed = 0;

// 1. Type check: not a test runner, but a failing type check fails the run and counts as one failure.
if (run('type check (tsc --noEmit)', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']) !== 0) {
  console.error('type check: failed');
  failed += 1;
}

// 2. Unit and property tests. A root run that could not install PostgreSQL counts as one failure.
if (ensurePostgres() === false) {
  console.error("postgresql: could not be installed; the store's PostgreSQL tests are skipped");
  failed += 1;
}
if (ensureNatsServer() === false) {
  console.error('nats-server: could not be installed; the scale-out tests are skipped');
  failed += 1;
}
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
  // Skipped tests (the PostgreSQL half of the store contract without PostgreSQL) are said, not counted.
  const skipped = (vitest.numPendingTests ?? 0) + (vitest.numTodoTests ?? 0);
  if (skipped > 0) console.log(`vitest: ${skipped} skipped (see the reasons in the test names above)`);
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
