/**
 * Figure 3, worker ingest (issue 6 item 5, issue 15 item 2): sustained events/s through the worker
 * pipeline (decode → model → coalesced diffs) with 10k units, the p99 event-to-diff latency and the
 * worker's CPU at a steady rate, in Chromium (the real workers/fleet.worker.ts on the bench page,
 * fed by the loopback feed over a real websocket) and, for comparison, the same service in Node.
 *
 * The Chromium worker runs twice in one run, once per wire (issue 15 item 1): binary frames
 * (`?frames=bin2`, version 2, the console's default) and batched JSON frames (`?frames=batch`);
 * each binary figure's baseline is the JSON figure of the same run. Binary frames version 1
 * (`?frames=bin`) run only when named (`LUC_BENCH_INGEST_MODES=chromium-binary,chromium-binary-v1`):
 * their sustained rate and events per worker CPU-second then go in the binary figure's note. Named
 * Chromium runs go in the order named, so an A/B can alternate which wire runs first. Passes per worker, after the snapshot of
 * 10,000 units is loaded:
 *   saturation (SUSTAIN_MS): the feed writes batches of 2,000 events as fast as the socket drains;
 *     the sustained rate is what the diffs covered while the feed was sending;
 *   steady (STEADY_RATE for STEADY_MS, batches every BATCH_MS): the p99 latency from the batch's
 *     write to the diff reaching the page, and the worker thread's CPU (its utime + stime from
 *     /proc, Chromium's "DedicatedWorker" thread) over the stream, as % of one core.
 * Events still undelivered DRAIN_MS after a stream count at the cut-off.
 * Every pass has its own feed and, in Chromium, its own browser, both ended after it, and the worker's
 * CPU is read from that browser's processes only (browserPids.ts): workerAB.ts's conditions (round
 * p17), here since round p18. Before, one feed served every pass of the run and one Chromium every
 * Chromium pass, so a pass inherited the feed's seq, chunks and heap and the browser's closed pages,
 * and the CPU summed every DedicatedWorker thread on the machine (other engineers' fleet workers too).
 * Baseline of the JSON figures: the same service with no coalescing, one diff per event
 * (page/baseline.worker.ts; in Node requestFrame runs the frame at once and the listener answers at once).
 */
import { readdirSync, readFileSync } from 'node:fs';
import WebSocket from 'ws';
import { createFleetService } from '../../workers/fleetService.ts';
import type { FleetDiff } from '../../workers/pipeline/diff.ts';
import { changedUnitIds } from '../../workers/pipeline/diff.ts';
import { systemClock, systemTimers } from '../../workers/sources/clock.ts';
import type { Figure, Skipped } from '../figure.ts';
import { atLeast, atMost, figure } from '../figure.ts';
import { browserMarker, processTree } from './browserPids.ts';
import type { Feed } from './chromium.ts';
import { launchChromium, sends, startFeed, stream } from './chromium.ts';
import type { StreamStats } from './latency.ts';
import { streamStats } from './latency.ts';

export const UNITS = 10_000;
/** issue 15 item 2: ≥ 300,000 events/s sustained for 60 s. */
export const SUSTAIN_MS = Number(process.env['LUC_BENCH_SUSTAIN_MS'] ?? 60_000);
/**
 * Saturation pass of the batched-JSON wire: it is the binary wire's same-run baseline (item 1), not
 * the 60 s target itself, so 20 s instead of 60 gives 40 s back to item 7's 15 minutes.
 */
export const JSON_SUSTAIN_MS = 20_000;
/** Shorter saturation pass of the one-diff-per-event baseline and the Node service (their figures are baselines). */
export const STREAM_MS = 4_000;
export const DRAIN_MS = 3_000;
export const BATCH_MS = 10;
/** issue 15 item 2: at a steady 60,000 events/s, p99 event-to-diff ≤ 50 ms, the worker below 25 % of a core. */
export const STEADY_RATE = 60_000;
export const STEADY_MS = 10_000;
export const TARGET_RATE = 300_000;
export const P99_TARGET_MS = 50;
export const CPU_TARGET_PERCENT = 25;
/** The fixture group of the generated logs (fixtures/generated.ts GROUPS). */
export const GROUP_ID = 'G-FIXTURE';
/** A frame every 16 ms where Node has no animation frames (as workers/fleet.worker.ts falls back to). */
const NODE_FRAME_MS = 16;

type Mode = 'real' | 'baseline' | 'ceiling';
/** Runs left out of a full bench run (a same-run look at binary frames version 1: 60 s more). */
const OPT_IN_MODES: ReadonlySet<string> = new Set(['chromium-binary-v1']);
type Wire = 'binary' | 'binary-shapes' | 'binary-v1' | 'json';
type Passes = { saturation: StreamStats & { cpuPercent?: number | null }; target: StreamStats; workerCpuPercent?: number | null };

/** Events per second of worker CPU in a saturation pass (what one fully scheduled core would ingest): a machine-load-independent view of the worker's cost. */
function perWorkerCpuSecond(passes: Passes | undefined): string {
  const cpu = passes?.saturation.cpuPercent;
  if (passes === undefined || cpu === null || cpu === undefined || cpu <= 0) return 'n/a';
  return `${Math.round(passes.saturation.sustained / (cpu / 100))} events per worker CPU-second (worker at ${cpu.toFixed(0)} % of a core)`;
}

const now = (): number => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Clock ticks per second of /proc's utime and stime (USER_HZ: 100 on Linux). */
const USER_HZ = 100;

/** One dedicated-worker thread's counters from /proc/<pid>/task/<tid>/stat. */
export type WorkerThreadStat = { cpuMs: number; systemMs: number; minorFaults: number };

/**
 * The counters of every Chromium dedicated-worker thread alive now; null when /proc cannot tell.
 * `pids`: only threads of those processes (one browser's, browserPids.ts). `systemMs` and
 * `minorFaults` tell how much of the worker's CPU is the kernel's, mostly first touches of fresh
 * memory (docs/performance.md §3o).
 */
export function workerThreadStats(pids?: ReadonlySet<number>): Map<string, WorkerThreadStat> | null {
  const stats = new Map<string, WorkerThreadStat>();
  try {
    for (const pid of readdirSync('/proc')) {
      if (!/^\d+$/.test(pid) || (pids !== undefined && !pids.has(Number(pid)))) continue;
      let tasks: string[];
      try {
        tasks = readdirSync(`/proc/${pid}/task`);
      } catch {
        continue;
      }
      for (const tid of tasks) {
        try {
          if (readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim() !== 'DedicatedWorker') continue;
          const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
          const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
          // After the comm: state is field 3, minflt 10, utime 14 and stime 15 (proc(5)), here at index 7, 11 and 12.
          const systemMs = (Number(fields[12]) * 1000) / USER_HZ;
          stats.set(`${pid}/${tid}`, { cpuMs: (Number(fields[11]) * 1000) / USER_HZ + systemMs, systemMs, minorFaults: Number(fields[7]) });
        } catch {
          continue;
        }
      }
    }
  } catch {
    return null;
  }
  return stats;
}

/** What the worker threads' counters grew by between two readings (threads present at both); null when /proc could not tell. */
export function threadStatsBetween(before: Map<string, WorkerThreadStat> | null, after: Map<string, WorkerThreadStat> | null): WorkerThreadStat | null {
  if (before === null || after === null || after.size === 0) return null;
  const used: WorkerThreadStat = { cpuMs: 0, systemMs: 0, minorFaults: 0 };
  for (const [thread, stat] of after) {
    const was = before.get(thread) ?? { cpuMs: 0, systemMs: 0, minorFaults: 0 };
    used.cpuMs += stat.cpuMs - was.cpuMs;
    used.systemMs += stat.systemMs - was.systemMs;
    used.minorFaults += stat.minorFaults - was.minorFaults;
  }
  return used;
}

/**
 * One measured stream: reset the recorder, stream, wait for the drain, read both logs. `pids`: the
 * processes whose worker threads are the measured worker (its own browser's); undefined in Node.
 */
async function pass(feed: Feed, rate: number, durationMs: number, take: () => Promise<{ times: number[]; events: number[] }>, reset: () => Promise<void>, pids?: ReadonlySet<number>): Promise<StreamStats & { cpuPercent: number | null }> {
  await reset();
  const threadsBefore = pids === undefined ? null : workerThreadStats(pids);
  const started = performance.now();
  await stream(feed.url, rate, durationMs, BATCH_MS).catch((error: unknown) => {
    throw new Error(`feed stream failed: ${String(error)}; feed stderr: ${feed.child.stderr()}`);
  });
  const wall = performance.now() - started;
  const cpu = pids === undefined ? null : (threadStatsBetween(threadsBefore, workerThreadStats(pids))?.cpuMs ?? null);
  await sleep(DRAIN_MS);
  const cutoff = now();
  const recorded = await take();
  return { ...streamStats(await sends(feed.url), recorded.times, recorded.events, cutoff), cpuPercent: cpu === null ? null : (100 * cpu) / wall };
}

/** Where a pass gets its feed: the log, the snapshot's units and the bench page to serve. */
type FeedSource = { log: string; pageDir: string };

/** Runs `measure` on a feed of its own, stopped after it (nothing carries over to the next pass). */
async function withFeed<T>(source: FeedSource, measure: (feed: Feed) => Promise<T>): Promise<T> {
  const feed = await startFeed(source.log, UNITS, source.pageDir);
  try {
    return await measure(feed);
  } finally {
    feed.child.stop();
    await feed.child.done(10_000).catch(() => undefined);
  }
}

/**
 * One Chromium pass on its own feed and its own browser, both ended after it: the page loaded, the
 * worker connected and its 10,000-unit snapshot loaded, then one stream; the worker's CPU from this
 * browser's processes only (its marker switch, browserPids.ts).
 */
function chromiumPass(source: FeedSource, mode: Mode, wire: Wire, rate: number, durationMs: number, say: (line: string) => void): Promise<StreamStats & { cpuPercent: number | null }> {
  return withFeed(source, async (feed) => {
    const marker = browserMarker();
    const browser = await launchChromium([marker]);
    try {
      const page = await browser.newPage();
      page.on('pageerror', (error) => say(`ingest page error: ${error.message}`));
      await page.goto(`${feed.url}/index.html`);
      await page.evaluate(async ([m, g, u, w]) => (window as any).bench.connect(m, g, u, w), [mode, GROUP_ID, UNITS, wire] as const);
      const take = () => page.evaluate(() => (window as any).bench.take() as { times: number[]; events: number[] });
      const reset = () => page.evaluate(() => (window as any).bench.reset() as void);
      const pids = processTree(marker);
      if (pids.size === 0) throw new Error(`no process of this browser found in /proc (marker ${marker})`);
      return await pass(feed, rate, durationMs, take, reset, pids);
    } finally {
      await browser.close();
    }
  });
}

async function chromiumPasses(source: FeedSource, mode: Mode, wire: Wire, say: (line: string) => void): Promise<Passes> {
  const saturation = await chromiumPass(source, mode, wire, 0, mode !== 'real' ? STREAM_MS : wire === 'json' ? Math.min(JSON_SUSTAIN_MS, SUSTAIN_MS) : SUSTAIN_MS, say);
  // The ceiling only needs the saturation pass (what the browser can deliver at most).
  if (mode === 'ceiling') return { saturation, target: saturation };
  const target = await chromiumPass(source, mode, wire, STEADY_RATE, STEADY_MS, say);
  return { saturation, target, workerCpuPercent: target.cpuPercent };
}

async function nodePasses(source: FeedSource, mode: Mode): Promise<Passes> {
  const saturation = await withFeed(source, (feed) => nodePass(feed, mode, 0, STREAM_MS));
  const target = await withFeed(source, (feed) => nodePass(feed, mode, STEADY_RATE, STEADY_MS));
  return { saturation, target };
}

/** One Node pass: the service connected to `feed`, its snapshot loaded, one stream, disconnected. */
async function nodePass(feed: Feed, mode: Mode, rate: number, durationMs: number): Promise<StreamStats> {
  let times: number[] = [];
  let events: number[] = [];
  let live = false;
  let units = 0;
  let inSnapshot = false;
  const service = createFleetService({
    WebSocket,
    fetch: (url, init) => fetch(url, init),
    clock: systemClock,
    timers: systemTimers,
    random: Math.random,
    requestFrame: mode === 'real' ? (callback) => void setTimeout(callback, NODE_FRAME_MS) : (callback) => callback(),
  });
  service.connect({ wsUrl: `${feed.url.replace('http', 'ws')}/luc/luc-core-web/ws`, restUrl: `${feed.url}/luc/luc-core-web/rest`, groupId: GROUP_ID }, (diff: FleetDiff) => {
    const count = changedUnitIds(diff).length;
    // A snapshot may come in parts (diff.continued): its units add up.
    if (diff.reset) units = count;
    else if (inSnapshot) units += count;
    inSnapshot = (diff.reset || inSnapshot) && diff.continued === true;
    if (diff.connection?.phase === 'live') live = true;
    if (diff.events > 0) {
      times.push(now());
      events.push(diff.events);
    }
  });
  const started = performance.now();
  while (!(live && units >= UNITS)) {
    if (performance.now() - started > 60_000) throw new Error('node ingest: not live after 60 s');
    await sleep(50);
  }
  const take = async () => ({ times, events });
  const reset = async () => {
    times = [];
    events = [];
  };
  try {
    return await pass(feed, rate, durationMs, take, reset);
  } finally {
    service.disconnect();
  }
}

export type IngestResult = { figures: Figure[]; skipped: Skipped[]; runs: Record<string, Passes> };

export async function runIngestBench(say: (line: string) => void, pageDir: string, log: string): Promise<IngestResult> {
  const runs: Record<string, Passes> = {};
  const failures: string[] = [];
  const source: FeedSource = { log, pageDir };
  const only = (process.env['LUC_BENCH_INGEST_MODES'] ?? '').split(',').filter((m) => m !== '');
  const wanted = (name: string) => only.includes(name) || (only.length === 0 && !OPT_IN_MODES.has(name));
  const chromiumRuns: [string, Mode, Wire][] = [
    ['chromium-binary', 'real', 'binary-shapes'], // the console's wire: version 2 with usage shapes (round p18)
    ['chromium-binary-v1', 'real', 'binary-v1'],
    ['chromium-json', 'real', 'json'],
    ['chromium-baseline', 'baseline', 'json'],
    ['chromium-ceiling', 'ceiling', 'json'],
  ];
  // Named runs go in the order named (an A/B can swap which wire runs first).
  if (only.length > 0) chromiumRuns.sort((a, b) => only.indexOf(a[0]) - only.indexOf(b[0]));
  for (const [name, mode, wire] of chromiumRuns) {
    if (!wanted(name)) continue;
    try {
      runs[name] = await chromiumPasses(source, mode, wire, say);
      say(`ingest ${name}: ${JSON.stringify(runs[name])}`);
    } catch (error) {
      failures.push(`${name}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
      say(`ingest ${name} failed: ${String(error)}`);
    }
  }
  for (const mode of ['real', 'baseline'] as const) {
    if (!wanted(`node-${mode}`)) continue;
    try {
      runs[`node-${mode}`] = await nodePasses(source, mode);
      say(`ingest node ${mode}: ${JSON.stringify(runs[`node-${mode}`])}`);
    } catch (error) {
      failures.push(`node-${mode}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
      say(`ingest node ${mode} failed: ${String(error)}`);
    }
  }
  const figures: Figure[] = [];
  const skipped: Skipped[] = [];
  const failed = (prefix: string) => failures.filter((f) => f.startsWith(prefix)).join('; ');
  const steadyNote = (passes: Passes) =>
    `${STEADY_RATE} events/s in batches every ${BATCH_MS} ms for ${STEADY_MS / 1000} s (the feed managed ${Math.round(passes.target.sent / (STEADY_MS / 1000))}/s: it waits while the socket is full); p50 ${passes.target.p50.toFixed(1)} ms; sent ${passes.target.sent}, undelivered at the ${DRAIN_MS / 1000} s cut-off ${passes.target.undelivered}`;
  const binary = runs['chromium-binary'];
  const binaryV1 = runs['chromium-binary-v1'];
  const v1Note = binaryV1 === undefined ? '' : `; binary frames version 1 (?frames=bin) in the same run: ${Math.round(binaryV1.saturation.sustained)} events/s, ${perWorkerCpuSecond(binaryV1)}, at 60k/s p99 ${binaryV1.target.p99.toFixed(0)} ms and worker CPU ${binaryV1.workerCpuPercent?.toFixed(1) ?? 'n/a'} %`;
  const json = runs['chromium-json'];
  const base = runs['chromium-baseline'];
  const ceiling = runs['chromium-ceiling'];
  const ceilingNote =
    ceiling === undefined
      ? ''
      : `; with one event per frame (the protocol's default), a worker that only counts the messages (no parse, no model) receives ${Math.round(ceiling.saturation.sustained)} events/s on this machine: the browser's message ceiling, why the worker asks for batched frames`;
  const jsonBaseline = json === undefined ? `JSON run failed (${failed('chromium-json')})` : 'baseline: the same worker on batched JSON frames (?frames=batch), same run';
  const label = 'worker ingest (Chromium) 10k units';
  if (binary === undefined) skipped.push({ name: `${label}, binary frames`, reason: `failed: ${failed('chromium-binary')}` });
  else {
    figures.push(
      figure(`${label}: sustained, binary frames`, binary.saturation.sustained, 'events/s', atLeast(TARGET_RATE), json?.saturation.sustained ?? null,
        `feed as fast as the socket drains, 2,000 events per write in binary frames version 2 of ≤ 1,000 events (?frames=bin2: ids once per connection), ${SUSTAIN_MS / 1000} s; p99 ${binary.saturation.p99.toFixed(0)} ms; ${perWorkerCpuSecond(binary)}, JSON ${perWorkerCpuSecond(json)}${v1Note}; ${jsonBaseline}`),
      figure(`${label}: p99 event-to-diff at 60k/s, binary frames`, binary.target.p99, 'ms', atMost(P99_TARGET_MS), json?.target.p99 ?? null, `${steadyNote(binary)}; ${jsonBaseline}`),
    );
    if (binary.workerCpuPercent === null || binary.workerCpuPercent === undefined) skipped.push({ name: `${label}: worker CPU at 60k/s`, reason: 'no DedicatedWorker thread found in /proc' });
    else
      figures.push(
        figure(`${label}: worker CPU at 60k/s, binary frames`, binary.workerCpuPercent, '% of a core', atMost(CPU_TARGET_PERCENT), json?.workerCpuPercent ?? null,
          `the worker thread's utime + stime (/proc, 10 ms ticks) over the ${STEADY_MS / 1000} s stream at ${STEADY_RATE} events/s, read from this pass's own Chromium only (each pass on its own feed and browser since round p18); GC on V8's helper threads is not counted; ${jsonBaseline}`),
      );
  }
  if (json === undefined) skipped.push({ name: `${label}, batched JSON`, reason: `failed: ${failed('chromium-json')}` });
  else {
    const baseNote = base === undefined ? `baseline failed (${failed('chromium-baseline')})` : 'baseline: one diff per event';
    figures.push(
      figure(`${label}: sustained, batched JSON`, json.saturation.sustained, 'events/s', atLeast(TARGET_RATE), base?.saturation.sustained ?? null,
        `feed as fast as the socket drains, 2,000 events per write in batched frames of ≤ 1,000 events (?frames=batch), ${Math.min(JSON_SUSTAIN_MS, SUSTAIN_MS) / 1000} s (baseline ${STREAM_MS / 1000} s); ${perWorkerCpuSecond(json)}; ${baseNote}${ceilingNote}`),
      figure(`${label}: p99 event-to-diff at 60k/s, batched JSON`, json.target.p99, 'ms', atMost(P99_TARGET_MS), base?.target.p99 ?? null, `${steadyNote(json)}; ${baseNote}`),
    );
  }
  const node = runs['node-real'];
  const nodeBase = runs['node-baseline'];
  if (node === undefined) {
    if (wanted('node-real')) skipped.push({ name: 'worker ingest (Node) 10k units', reason: `failed: ${failed('node')}` });
  } else {
    const baseNote = nodeBase === undefined ? `baseline failed (${failed('node-baseline')})` : 'baseline: no frame wait (a diff per socket read)';
    figures.push(
      figure('worker ingest (Node) 10k units: sustained, binary frames', node.saturation.sustained, 'events/s', atLeast(TARGET_RATE), nodeBase?.saturation.sustained ?? null,
        `feed as fast as the socket drains, 2,000 events per write in binary frames, ${STREAM_MS / 1000} s; ${baseNote}`),
      figure('worker ingest (Node) 10k units: p99 event-to-diff at 60k/s, binary frames', node.target.p99, 'ms', atMost(P99_TARGET_MS), nodeBase?.target.p99 ?? null, `${steadyNote(node)}; ${baseNote}`),
    );
  }
  return { figures, skipped, runs };
}
