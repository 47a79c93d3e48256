/**
 * The server alone under a columns request (issue 15 item 3, docs/performance.md §7i):
 * `LUC_BENCH_UI_PORT=8320 npx tsx bench/ui/firstListProbe.ts UNITS ROUNDS --server-ab OTHER_ROOT`.
 * Each round starts this checkout's server and OTHER_ROOT's (order alternated by round; one at a
 * time, the simulator at LUC_BENCH_UI_RATE, default 60,000 events/s, as the UI bench runs it), with
 * loopDelayPreload.mjs loaded, signs in and, per server: the event loop's delay over a quiet window
 * (the simulator and nothing else), then over each of REQUESTS columns requests (Accept: the
 * columns form, as the console's worker asks; on a checkout that builds the columns on a thread,
 * the first one starts it: branch p14-columns-thread), with each
 * request's wall time from sent to last byte, its bytes and its answer's type. No browser.
 */
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { COLUMNS_SNAPSHOT_TYPE } from '../../src/protocol/columnsSnapshot.ts';
import { ROOT } from '../child.ts';
import { API, GROUP_ID, HEADERS, PASSWORD, startServer, stopServer, USER, type Server } from './uiBench.ts';

const PRELOAD = join(ROOT, 'bench/ui/loopDelayPreload.mjs');
const REQUESTS = 2;
/** The quiet window before the requests (ms): the loop's delay with the simulator alone. */
const QUIET_MS = 5_000;
/** Between requests (ms): the fan-out catches up. */
const PAUSE_MS = 3_000;

type LoopDelay = { p50: number; p99: number; max: number; mean: number; count: number };

async function signIn(url: string): Promise<string> {
  const response = await fetch(`${url}${API}/auth/login`, { method: 'POST', headers: { ...HEADERS, 'content-type': 'application/json' }, body: JSON.stringify({ username: USER, password: PASSWORD }) });
  if (response.status !== 200) throw new Error(`server probe: sign-in failed: HTTP ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/** Runs `during` inside one loop-delay window of the server (SIGUSR2 opens and closes it). */
async function window<T>(server: Server, index: number, during: () => Promise<T>): Promise<{ result: T; delay: LoopDelay }> {
  server.child.process.kill('SIGUSR2');
  const result = await during();
  server.child.process.kill('SIGUSR2');
  const line = await server.child.waitFor(new RegExp(`LUC_LOOP_DELAY ${index} (\\{.*\\})`), 120_000);
  return { result, delay: JSON.parse(line[1] as string) as LoopDelay };
}

async function columnsRequest(url: string, cookie: string): Promise<{ ms: number; bytes: number; type: string }> {
  const started = performance.now();
  const response = await fetch(`${url}${API}/devices/fetch?crnt_vcg_uid=${GROUP_ID}`, { headers: { ...HEADERS, cookie, accept: COLUMNS_SNAPSHOT_TYPE } });
  const body = await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`server probe: devices/fetch: HTTP ${response.status}`);
  return { ms: Math.round(performance.now() - started), bytes: body.byteLength, type: response.headers.get('content-type') ?? '' };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function side(dir: string, units: number, root: string): Promise<void> {
  const server = await startServer(dir, units, undefined, root, ['--import', PRELOAD]);
  try {
    const cookie = await signIn(server.url);
    await sleep(PAUSE_MS); // the simulator at its rate before anything is measured
    let index = 0;
    const quiet = await window(server, ++index, () => sleep(QUIET_MS));
    const rows = [`  quiet ${QUIET_MS} ms: loop delay ${JSON.stringify(quiet.delay)}`];
    for (let request = 1; request <= REQUESTS; request += 1) {
      const { result, delay } = await window(server, ++index, () => columnsRequest(server.url, cookie));
      rows.push(`  request ${request}: ${result.ms} ms to the last byte, ${(result.bytes / 1e6).toFixed(1)} MB ${result.type}; loop delay ${JSON.stringify(delay)}; load ${loadavg()[0]?.toFixed(1)}`);
      await sleep(PAUSE_MS);
    }
    console.log(`${root === ROOT ? 'this branch' : root} (${units} units):\n${rows.join('\n')}`);
  } finally {
    await stopServer(server);
  }
}

/** ROUNDS rounds, this checkout and `other` alternated (this → other, then other → this, …). */
export async function serverColumnsAB(dir: string, units: number, rounds: number, other: string): Promise<void> {
  for (let round = 0; round < rounds; round += 1) {
    const order = round % 2 === 0 ? [ROOT, other] : [other, ROOT];
    console.log(`round ${round + 1} (load ${loadavg().map((l) => l.toFixed(1)).join(' ')})`);
    for (const root of order) await side(dir, units, root);
  }
}
