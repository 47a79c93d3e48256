/**
 * Figure 2, server fan-out on loopback (issue 6 item 5): the real server (src/server/main.ts) in a
 * child process with a fast simulator (LUC_SIM_RATE), and a bounded Node load generator
 * (loadgen.ts) in another: CLIENTS websocket clients of one signed-in user, each subscribed to
 * one group topic, measured for DURATION_MS after a warm-up.
 *
 * Figures: delivered events/s (all clients together) and the p95 latency from the event's server
 * `ts` to the client's receive (target ≤ 50 ms). Baseline: the same server, rate and group with
 * BASELINE_CLIENTS clients, measured right after in the same run: the ratio shows what 10× the
 * sockets costs (ideal: 10× the deliveries at the same latency). Every client opens its socket with
 * batched frames, as the console's worker does (docs/protocol.md); a third run with one event per
 * frame (the protocol's default, what other clients get) is reported in the notes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Figure } from '../figure.ts';
import { atLeast, atMost, figure, median } from '../figure.ts';
import { lastJson, ROOT, startChild } from '../child.ts';
import type { LoadgenResult } from './loadgen.ts';

export const CLIENTS = 1_000;
export const BASELINE_CLIENTS = 100;
export const DURATION_MS = 10_000;
export const WARMUP_MS = 2_000;
/** Opening 1,000 sockets took 40 s to over 150 s on the loaded 2-core machine; after this the load runs with those open. */
export const CONNECT_BUDGET_MS = 90_000;
/** Simulator churn (events/s over the whole fleet; ~1/5 of it reaches one demo group). */
export const SIM_RATE = 1_000;
export const SIM_UNITS = 2_000;
export const GROUP_ID = 'G-NEWS-NATIONAL';
export const P95_TARGET_MS = 50;
/** Share of the group's events every client must receive for the delivered figure to pass. */
export const DELIVERY_SHARE = 0.95;
const PASSWORD = 'bench-Pass-1';
const API = '/luc/luc-core-web/rest';

async function signIn(url: string): Promise<string> {
  const response = await fetch(`${url}${API}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'application-id': 'luc-console', accept: 'application/json' },
    body: JSON.stringify({ username: 'luc_admin', password: PASSWORD }),
  });
  if (response.status !== 200) throw new Error(`fan-out: sign-in failed: HTTP ${response.status} ${await response.text()}`);
  const pair = (response.headers.get('set-cookie') ?? '').split(';')[0];
  if (!pair) throw new Error('fan-out: no session cookie');
  return pair;
}

async function load(url: string, cookie: string, clients: number, batched = true, serverPid?: number): Promise<LoadgenResult> {
  const child = startChild('bench/fanout/loadgen.ts', [JSON.stringify({ url, cookie, groupId: GROUP_ID, clients, warmupMs: WARMUP_MS, durationMs: DURATION_MS, connectBudgetMs: CONNECT_BUDGET_MS, batched, ...(serverPid !== undefined ? { serverPid } : {}) })]);
  return lastJson<LoadgenResult>(await child.done(CONNECT_BUDGET_MS + 10_000 + WARMUP_MS + DURATION_MS + 15_000));
}

export type FanoutResult = { figures: Figure[]; runs: LoadgenResult[] };

/** The fan-out's server: a checkout's src/server/main.ts (default this one) on a fresh database; `nodeArgs` e.g. --cpu-prof. */
export type FanoutServer = { readonly url: string; readonly pid: number; stop(): Promise<void> };

export async function startFanoutServer(root: string = ROOT, nodeArgs: readonly string[] = []): Promise<FanoutServer> {
  const dir = mkdtempSync(join(tmpdir(), 'luc-bench-fanout-'));
  const server = startChild(join(root, 'src/server/main.ts'), [], {
    nodeArgs,
    env: {
      // LUC_BENCH_FANOUT_PORT: a fixed port (when the machine's ports are shared out); default any free one.
      PORT: process.env['LUC_BENCH_FANOUT_PORT'] ?? '0',
      HOST: '127.0.0.1',
      LUC_DB: join(dir, 'luc.db'),
      LUC_DEMO_PASSWORD: PASSWORD,
      LUC_SIM_UNITS: String(SIM_UNITS),
      LUC_SIM_RATE: String(SIM_RATE),
      LUC_SIM_SEED: '7',
      LUC_LOG_LEVEL: 'warn',
    },
  });
  const stop = async () => {
    server.stop();
    await server.done(15_000).catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const match = await server.waitFor(/LUC console: (http:\/\/[^\s/]+)\//, 60_000);
    return { url: match[1] as string, pid: server.process.pid ?? 0, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

export async function runFanoutBench(say: (line: string) => void): Promise<FanoutResult> {
  const server = await startFanoutServer();
  try {
    const url = server.url;
    const cookie = await signIn(url);
    const full = await load(url, cookie, CLIENTS, true, server.pid);
    say(`fan-out ${CLIENTS} clients: ${JSON.stringify(full)}`);
    const base = await load(url, cookie, BASELINE_CLIENTS);
    say(`fan-out ${BASELINE_CLIENTS} clients: ${JSON.stringify(base)}`);
    const unbatched = await load(url, cookie, CLIENTS, false);
    say(`fan-out ${CLIENTS} clients, one event per frame: ${JSON.stringify(unbatched)}`);
    const perFrame = `; with one event per frame (the protocol's default): ${Math.round(unbatched.events / unbatched.seconds)} events/s, p95 ${unbatched.p95} ms, ${unbatched.connected} sockets open, resets ${unbatched.resets}`;
    const rate = full.events / full.seconds;
    const baseRate = base.events / base.seconds;
    const where = `LUC_SIM_RATE ${SIM_RATE}, ${SIM_UNITS} units, one group topic per client, ${DURATION_MS / 1000} s window; connected ${full.connected}/${CLIENTS}, resets ${full.resets}`;
    return {
      runs: [full, base, unbatched],
      figures: [
        // Every client should get every event of its group: the group's rate is what each of the
        // 100 baseline clients received; 95 % of CLIENTS × that is the target.
        figure(`fan-out ${CLIENTS} clients: delivered`, rate, 'events/s', atLeast(Math.round(DELIVERY_SHARE * CLIENTS * (base.events / base.seconds / BASELINE_CLIENTS))), baseRate,
          `${where}; per client ${full.perClientMin.toFixed(0)}-${full.perClientMax.toFixed(0)} events/s vs ${(baseRate / BASELINE_CLIENTS).toFixed(0)} with ${BASELINE_CLIENTS} clients; connecting ${CLIENTS} sockets took ${full.connectSeconds.toFixed(1)} s; target: ${DELIVERY_SHARE * 100} % of ${CLIENTS} × the group's rate; baseline: ${BASELINE_CLIENTS} clients on the same server (ideal ratio ${CLIENTS / BASELINE_CLIENTS})${perFrame}`),
        figure(`fan-out ${CLIENTS} clients: p95 latency`, full.p95, 'ms', atMost(P95_TARGET_MS), base.p95,
          `server ts → client receive over ${full.connected} open sockets, 1 ms resolution; p50 ${full.p50}, p99 ${full.p99}, max ${full.max} ms; baseline: p95 with ${BASELINE_CLIENTS} clients${perFrame}`),
      ],
    };
  } finally {
    await server.stop();
  }
}

/** One side's pass of the A/B below: the 1,000-client batched load on a fresh server of that checkout. */
type AbPass = { readonly side: string; readonly result: LoadgenResult; readonly load: number; readonly profile: string[] };

function perEventMicros(result: LoadgenResult): number {
  return result.serverCpuSeconds === null || result.events === 0 ? Number.NaN : (1e6 * result.serverCpuSeconds) / result.events;
}

function passLine(round: number, pass: AbPass): string {
  const r = pass.result;
  return `round ${round} ${pass.side}: p50 ${r.p50}, p95 ${r.p95}, p99 ${r.p99}, max ${r.max} ms; ${Math.round(r.events / r.seconds)} events/s delivered in ${Math.round(r.frames / r.seconds)} frames/s (${r.connected}/${r.clients} open, resets ${r.resets}); server CPU ${r.serverCpuSeconds?.toFixed(2) ?? '?'} s = ${perEventMicros(r).toFixed(3)} µs per delivered event; load generator CPU ${r.loadgenCpuSeconds.toFixed(2)} s (load ${pass.load.toFixed(1)})`;
}

/**
 * A look, not a figure: `npx tsx bench/fanout/fanoutBench.ts OTHER_CHECKOUT [ROUNDS]` runs the
 * 1,000-client batched pass against this checkout's server and another checkout's, each round on a
 * fresh server of each, the first side swapped every round, with this checkout's load generator
 * for both; prints each pass (p50/p95/p99, delivered, the server's CPU per delivered event from
 * /proc, the generator's own CPU, the load average) and the medians with the ratio this/other.
 * OTHER_CHECKOUT `-`: this side only. FANOUT_PROFILE=this|other|both: that side's server runs with
 * `node --cpu-prof` (files in a temp folder) and each pass prints the top self time; profiled
 * passes run slower, so compare them with each other, not with unprofiled ones.
 */
async function runFanoutAB(other: string | null, rounds: number): Promise<void> {
  const { loadavg } = await import('node:os');
  const { readdirSync, readFileSync } = await import('node:fs');
  const { summarize } = await import('../ingest/workerProfile.ts');
  const profileSides = process.env['FANOUT_PROFILE'] ?? '';
  const sides: { name: string; root: string }[] = [{ name: 'this', root: ROOT }, ...(other === null ? [] : [{ name: 'other', root: other }])];
  const passes: AbPass[] = [];
  for (let round = 1; round <= rounds; round += 1) {
    const order = round % 2 === 1 ? sides : [...sides].reverse();
    for (const side of order) {
      const profiled = profileSides === 'both' || profileSides === side.name;
      const profileDir = profiled ? mkdtempSync(join(tmpdir(), 'luc-fanout-prof-')) : null;
      const load0 = loadavg()[0] ?? 0;
      const server = await startFanoutServer(side.root, profileDir === null ? [] : ['--cpu-prof', `--cpu-prof-dir=${profileDir}`]);
      let result: LoadgenResult;
      try {
        result = await load(server.url, await signIn(server.url), CLIENTS, true, server.pid);
      } finally {
        await server.stop();
      }
      let profile: string[] = [];
      if (profileDir !== null) {
        const files = readdirSync(profileDir).filter((f) => f.endsWith('.cpuprofile'));
        profile = files.length === 0 ? ['  (no profile written)'] : summarize(files.map((f) => JSON.parse(readFileSync(join(profileDir, f), 'utf8'))));
        console.log(`  profile: ${files.map((f) => join(profileDir, f)).join(', ')}`);
      }
      const pass: AbPass = { side: side.name, result, load: (load0 + (loadavg()[0] ?? 0)) / 2, profile };
      passes.push(pass);
      console.log(passLine(round, pass));
      for (const line of profile) console.log(line);
    }
  }
  const medianOf = (side: string, pick: (r: LoadgenResult) => number) => median(passes.filter((p) => p.side === side).map((p) => pick(p.result)));
  const rows: [string, (r: LoadgenResult) => number][] = [
    ['p50 ms', (r) => r.p50],
    ['p95 ms', (r) => r.p95],
    ['p99 ms', (r) => r.p99],
    ['delivered events/s', (r) => r.events / r.seconds],
    ['server µs CPU per delivered event', perEventMicros],
    ['load generator CPU s', (r) => r.loadgenCpuSeconds],
  ];
  console.log(`medians over ${rounds} rounds (load ${Math.min(...passes.map((p) => p.load)).toFixed(1)}-${Math.max(...passes.map((p) => p.load)).toFixed(1)}):`);
  for (const [name, pick] of rows) {
    const mine = medianOf('this', pick);
    const theirs = other === null ? Number.NaN : medianOf('other', pick);
    console.log(`  ${name}: this ${mine.toFixed(3)}${other === null ? '' : `, other ${theirs.toFixed(3)}, ratio this/other ${(mine / theirs).toFixed(3)}`}`);
  }
}

if (process.argv[1]?.endsWith('bench/fanout/fanoutBench.ts')) {
  const other = process.argv[2];
  if (other === undefined) {
    console.error('usage: npx tsx bench/fanout/fanoutBench.ts OTHER_CHECKOUT|- [ROUNDS]');
    process.exit(2);
  }
  runFanoutAB(other === '-' ? null : other, Number(process.argv[3] ?? 4)).then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
