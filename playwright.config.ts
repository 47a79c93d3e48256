import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, type TestInfo } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/chromium.ts';

/**
 * The console under test: built once, served by the real server on fresh databases.
 *
 * The walks run in two lanes at once, each a server of its own on its own port and its own
 * database, with one browser worker each. Tests of one lane share the demo users (their
 * preferences are reset per test, tests/e2e/fixtures.ts), so a lane never runs two tests at a
 * time; two lanes share nothing, and the run takes about half as long on 2 cores (the walks
 * mostly wait on the page). LUC_E2E_LANES=1 runs everything in one lane, as before.
 */
// LUC_E2E_PORT lets two runs share a machine (a developer's run beside CI's); lane 2 uses the next port.
export const E2E_PORT = Number(process.env['LUC_E2E_PORT'] ?? 8181);
const LANE_COUNT = process.env['LUC_E2E_LANES'] === '1' ? 1 : 2;
/** Every demo user (username = user type) signs in with this password. */
export const E2E_PASSWORD = 'e2e-Pass-1';

/** One server of the run: its port, base URL, database and where its build is served from. */
interface Lane {
  readonly name: string;
  readonly port: number;
  readonly baseURL: string;
  readonly dbDir: string;
  readonly dbFile: string;
}

function lane(index: number): Lane {
  const port = E2E_PORT + index;
  // One directory per port: the port is taken by one run at a time anyway.
  const dbDir = join(tmpdir(), `luc-e2e-${port}`);
  return { name: `lane-${index + 1}`, port, baseURL: `http://127.0.0.1:${port}`, dbDir, dbFile: join(dbDir, 'luc.db') };
}

const LANES: readonly Lane[] = Array.from({ length: LANE_COUNT }, (_, index) => lane(index));
// The console is built once, by the first lane's server command, beside its database; Playwright
// starts the web servers one after the other, so the second lane's server finds the build ready.
const distDir = join(LANES[0]!.dbDir, 'dist');

/**
 * The spec files of lane 2, chosen so that both lanes take about as long (per-file durations of a
 * fresh-clone CI run: about 620 s each). A new spec file runs in lane 1 until it is placed here.
 */
const SECOND_LANE_SPECS = [
  'account.spec.ts', 'adhoc.spec.ts', 'audio-rooms.spec.ts', 'batch-upgrade.spec.ts', 'demo-tenancy.spec.ts',
  'files.spec.ts', 'map.spec.ts', 'replay.spec.ts', 'servicesUsage.spec.ts', 'shares.spec.ts',
  'stories-sharing.spec.ts', 'stories.spec.ts', 'support.spec.ts', 'switcher.spec.ts', 'unit-list.spec.ts',
  'unit-page.spec.ts', 'video-return.spec.ts',
];
const SECOND_LANE_GLOBS = SECOND_LANE_SPECS.map((file) => `**/${file}`);

/** The base URL of the lane the running test belongs to (for API contexts a test opens itself). */
export function laneBaseUrl(info: TestInfo): string {
  const baseURL = info.project.use.baseURL;
  if (baseURL === undefined) throw new Error(`project ${info.project.name} has no baseURL`);
  return baseURL;
}

/** The database file of the running test's lane (a test that reads the mail outbox). */
export function laneDbFile(info: TestInfo): string {
  const found = LANES.find((candidate) => candidate.baseURL === laneBaseUrl(info));
  if (found === undefined) throw new Error(`no lane serves ${laneBaseUrl(info)}`);
  return found.dbFile;
}

function serverCommand(index: number): string {
  const { dbDir } = LANES[index]!;
  const fresh = `rm -rf '${dbDir}' && mkdir -p '${dbDir}'`;
  const build = `npx vite build --logLevel warn --outDir '${distDir}' --emptyOutDir`;
  return index === 0 ? `${fresh} && ${build} && npx tsx src/server/main.ts` : `${fresh} && npx tsx src/server/main.ts`;
}

// Browser tests run in Debian's Chromium (/usr/bin/chromium); Playwright never downloads a browser here.
export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  // One worker per lane: 2-core machines, and a lane's tests share its demo users.
  workers: LANE_COUNT,
  // One retry on CI only: two walks (unit page stream cycle, video return portal) depend on the simulator's random churn and failed once in three fresh-clone runs; a retry is reported as flaky, not hidden.
  retries: process.env['CI'] ? 1 : 0,
  timeout: 60_000,
  // Two lanes share 2 cores, so a page may answer later than alone: 10 s before a check fails
  // (Playwright's default is 5 s). A passing check still returns as soon as it holds.
  expect: { timeout: 10_000 },
  globalSetup: './tests/e2e/global-setup.ts',
  webServer: LANES.map((each, index) => ({
    command: serverCommand(index),
    url: `${each.baseURL}/luc/luc-core-web/rest/openapi.json`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      LUC_DB: each.dbFile,
      LUC_DIST_DIR: distDir,
      // Every answer is checked against its contract (src/server/http/route.ts): a drift is a 500 here.
      LUC_CHECK_ANSWERS: '1',
      PORT: String(each.port),
      HOST: '127.0.0.1',
      LUC_DEMO_PASSWORD: E2E_PASSWORD,
      LUC_SIM_UNITS: '300',
      LUC_LOG_LEVEL: 'warn',
    },
  })),
  projects: LANES.map((each, index) => ({
    name: each.name,
    workers: 1,
    ...(LANE_COUNT === 1 ? {} : index === 0 ? { testIgnore: SECOND_LANE_GLOBS } : { testMatch: SECOND_LANE_GLOBS }),
    use: { baseURL: each.baseURL },
  })),
  use: {
    // A click or fill waits at most 30 s for its element to be actionable (Playwright's default is
    // no limit but the test's). Walks on simulated units run for minutes (test.setTimeout): a unit
    // taken offline midway disables its controls, and an unbounded click then waited out the whole
    // test instead of failing that try for the walk to take the next unit (switcher.spec.ts).
    actionTimeout: 30_000,
    viewport: { width: 1440, height: 900 },
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] },
  },
});
