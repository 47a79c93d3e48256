/**
 * The scale bench (issue 18 item 6, `npm run bench -- --only scale`): the scale-out deployment on
 * loopback (tests/integration/scale-cluster.ts: PostgreSQL, a JetStream nats-server, the fleet
 * owner as its own process) with 1, then 2, then 3 console instances, in one run. The same
 * CLIENTS websocket clients (the fan-out bench's load generator, bench/fanout/loadgen.ts, one
 * process per instance) are spread evenly over the instances of each step, each subscribed to one
 * group topic with batched frames as the console's worker opens it.
 *
 * Figures per step: delivered events/s (all clients), p95 latency from the event's `ts` (the
 * owner's clock when it published) to the client's receive, and each instance's resident memory.
 * The baseline of the 2- and 3-instance figures is the 1-instance step of the same run, so the ratio
 * says what another instance buys on this machine. On a 2-core machine the three instances, the
 * owner, nats-server, PostgreSQL and the load generators share two cores: the ratio shows the cost
 * of the extra hop and processes, not the gain a deployment with a machine per instance would see
 * (docs/scale-out.md says what limits it next).
 */
import { readFileSync } from 'node:fs';
import type { Figure } from '../figure.ts';
import { atLeast, atMost, figure } from '../figure.ts';
import { lastJson, startChild } from '../child.ts';
import type { LoadgenResult } from '../fanout/loadgen.ts';
import { scaleOutUnavailable, signInOn, startScaleCluster, type ProcessHandle } from '../../tests/integration/scale-cluster.ts';

/** Websocket clients in every step, split evenly over the step's instances. */
export const CLIENTS = 300;
export const SIM_UNITS = 2_000;
/** Simulator churn (events/s over the whole fleet; about a fifth reaches one demo group). */
export const SIM_RATE = 2_000;
export const GROUP_ID = 'G-NEWS-NATIONAL';
export const WARMUP_MS = 2_000;
export const DURATION_MS = 10_000;
export const CONNECT_BUDGET_MS = 60_000;
export const P95_TARGET_MS = 50;
/** Share of the group's events every client must receive (as in the fan-out bench). */
export const DELIVERY_SHARE = 0.95;
/** Resident memory an instance may use with its share of the clients (MB, ours). */
export const MEMORY_TARGET_MB = 400;

export type ScaleStep = { instances: number; loads: LoadgenResult[]; rssMb: number[] };
export type ScaleResult = { figures: Figure[]; steps: ScaleStep[] };

/** Resident set size of a process (MB), from /proc (Linux). */
function rssMbOf(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match === null ? Number.NaN : Number(match[1]) / 1024;
  } catch {
    return Number.NaN;
  }
}

async function loadOn(instance: ProcessHandle, cookie: string, clients: number): Promise<LoadgenResult> {
  const child = startChild('bench/fanout/loadgen.ts', [
    JSON.stringify({ url: instance.url, cookie, groupId: GROUP_ID, clients, warmupMs: WARMUP_MS, durationMs: DURATION_MS, connectBudgetMs: CONNECT_BUDGET_MS, batched: true }),
  ]);
  return lastJson<LoadgenResult>(await child.done(CONNECT_BUDGET_MS + WARMUP_MS + DURATION_MS + 25_000));
}

export async function runScaleBench(say: (line: string) => void): Promise<ScaleResult> {
  const unavailable = scaleOutUnavailable();
  if (unavailable !== null) throw new Error(`scale bench needs PostgreSQL and nats-server: ${unavailable}`);
  const cluster = await startScaleCluster({ instances: 1, units: SIM_UNITS, rate: SIM_RATE });
  const steps: ScaleStep[] = [];
  try {
    for (let count = 1; count <= 3; count += 1) {
      if (cluster.instances.length < count) cluster.instances.push(await cluster.addInstance());
      const instances = cluster.instances.slice(0, count);
      const cookie = await signInOn(instances[0]!.url, 'luc_admin'); // one session, valid on every instance
      const share = Math.floor(CLIENTS / count);
      const loads = await Promise.all(instances.map((instance, index) => loadOn(instance, cookie, index === 0 ? CLIENTS - share * (count - 1) : share)));
      const rssMb = instances.map((instance) => rssMbOf(instance.child.pid));
      steps.push({ instances: count, loads, rssMb });
      say(`scale ${count} instance(s): ${JSON.stringify({ loads, rssMb })}`);
    }
  } finally {
    await cluster.stop();
  }
  const rateOf = (step: ScaleStep): number => step.loads.reduce((sum, load) => sum + load.events / load.seconds, 0);
  const p95Of = (step: ScaleStep): number => Math.max(...step.loads.map((load) => load.p95));
  const one = steps[0]!;
  const perClient = rateOf(one) / CLIENTS;
  const figures: Figure[] = [];
  for (const step of steps) {
    const where = `${step.instances} instance(s) behind no proxy, ${CLIENTS} clients split evenly, one group topic each (batched frames), LUC_SIM_RATE ${SIM_RATE} on ${SIM_UNITS} units in the owner process, PostgreSQL + nats-server (JetStream) on the same 2 cores; connected ${step.loads.reduce((s, l) => s + l.connected, 0)}/${CLIENTS}, resets ${step.loads.reduce((s, l) => s + l.resets, 0)}`;
    const baseline = step === one ? null : rateOf(one);
    figures.push(
      figure(`scale ${step.instances} instance(s): delivered`, rateOf(step), 'events/s', atLeast(Math.round(DELIVERY_SHARE * CLIENTS * perClient)), baseline,
        `${where}; target: ${DELIVERY_SHARE * 100} % of ${CLIENTS} × the group's rate seen with 1 instance; baseline: the 1-instance step of this run`),
      figure(`scale ${step.instances} instance(s): p95 fan-out latency`, p95Of(step), 'ms', atMost(P95_TARGET_MS), step === one ? null : p95Of(one),
        `owner publish ts → client receive (owner → JetStream → instance → socket), worst instance's p95; p99 ${Math.max(...step.loads.map((l) => l.p99))} ms; baseline: 1 instance`),
      figure(`scale ${step.instances} instance(s): memory per instance`, Math.max(...step.rssMb), 'MB', atMost(MEMORY_TARGET_MB), step === one ? null : Math.max(...one.rssMb),
        `resident set of each console instance after its window: ${step.rssMb.map((mb) => mb.toFixed(0)).join(', ')} MB; baseline: 1 instance`),
    );
  }
  return { figures, steps };
}
