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
import { atLeast, atMost, figure } from '../figure.ts';
import { lastJson, startChild } from '../child.ts';
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

async function load(url: string, cookie: string, clients: number, batched = true): Promise<LoadgenResult> {
  const child = startChild('bench/fanout/loadgen.ts', [JSON.stringify({ url, cookie, groupId: GROUP_ID, clients, warmupMs: WARMUP_MS, durationMs: DURATION_MS, connectBudgetMs: CONNECT_BUDGET_MS, batched })]);
  return lastJson<LoadgenResult>(await child.done(CONNECT_BUDGET_MS + 10_000 + WARMUP_MS + DURATION_MS + 15_000));
}

export type FanoutResult = { figures: Figure[]; runs: LoadgenResult[] };

export async function runFanoutBench(say: (line: string) => void): Promise<FanoutResult> {
  const dir = mkdtempSync(join(tmpdir(), 'luc-bench-fanout-'));
  const server = startChild('src/server/main.ts', [], {
    env: {
      PORT: '0',
      HOST: '127.0.0.1',
      LUC_DB: join(dir, 'luc.db'),
      LUC_DEMO_PASSWORD: PASSWORD,
      LUC_SIM_UNITS: String(SIM_UNITS),
      LUC_SIM_RATE: String(SIM_RATE),
      LUC_SIM_SEED: '7',
      LUC_LOG_LEVEL: 'warn',
    },
  });
  try {
    const match = await server.waitFor(/LUC console: (http:\/\/[^\s/]+)\//, 60_000);
    const url = match[1] as string;
    const cookie = await signIn(url);
    const full = await load(url, cookie, CLIENTS);
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
    server.stop();
    await server.done(15_000).catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  }
}
