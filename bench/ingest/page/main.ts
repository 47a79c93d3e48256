/**
 * The bench page of figures 3 and 4 (bench-only, built by bench/ingest/ingestBench.ts; not part of
 * the console). It starts the real fleet worker (workers/fleet.worker.ts, through Comlink, as
 * src/fleet/client.ts does, and answers each diff as the console does: src/fleet/handingBack.ts)
 * or the no-coalescing baseline worker, points it at the loopback feed (feedServer.ts) and
 * records, for every diff, when it reached this page and how many events it carries. Playwright
 * drives it through `window.bench`.
 */
import * as Comlink from 'comlink';
import type { FleetApi } from '../../../workers/fleet.worker.ts';
import type { FleetDiff } from '../../../workers/pipeline/diff.ts';
import { changedUnitIds } from '../../../workers/pipeline/diff.ts';
import { handingBack } from '../../../src/fleet/handingBack.ts';

/** real: the fleet worker; baseline: one diff per event; ceiling: a worker that only counts messages. */
export type WorkerMode = 'real' | 'baseline' | 'ceiling';

type Recorded = { times: number[]; events: number[]; units: number; diffs: number; live: boolean; snapshotUnits: number; phases: string[]; problems: string[] };

const recorded: Recorded = { times: [], events: [], units: 0, diffs: 0, live: false, snapshotUnits: 0, phases: [], problems: [] };
let worker: Worker | null = null;
/** The last diff was a part of a snapshot that continues. */
let inSnapshot = false;

const now = (): number => performance.timeOrigin + performance.now();

function record(diff: FleetDiff): void {
  const units = changedUnitIds(diff).length; // what the UI would read of each diff (views and patches)
  recorded.diffs += 1;
  recorded.units += units;
  // A snapshot may come in parts (diff.continued, workers/pipeline/diff.ts MAX_UNITS_PER_DIFF).
  if (diff.reset) recorded.snapshotUnits = units;
  else if (inSnapshot) recorded.snapshotUnits += units;
  inSnapshot = (diff.reset || inSnapshot) && diff.continued === true;
  if (diff.connection?.phase === 'live') recorded.live = true;
  if (diff.connection !== null) recorded.phases.push(diff.connection.phase);
  if (diff.badFrames !== null) recorded.problems.push(diff.badFrames.last);
  if (diff.events > 0) {
    recorded.times.push(now());
    recorded.events.push(diff.events);
  }
}

/** wire: the event frames the worker asks for (binary version 2, the console's default; binary version 1; or batched JSON). */
function connectOptions(groupId: string, wire: 'binary' | 'binary-shapes' | 'binary-v1' | 'json' = 'binary') {
  return { wsUrl: `ws://${location.host}/luc/luc-core-web/ws`, restUrl: `${location.origin}/luc/luc-core-web/rest`, groupId, wire };
}

type MemoryMeasurement = { bytes: number; breakdown: { bytes: number; attribution: { scope?: string }[]; types: string[] }[] };
type MemoryPerformance = Performance & { measureUserAgentSpecificMemory?: () => Promise<MemoryMeasurement> };

const bench = {
  /** Starts a worker (not yet connected). */
  create(mode: WorkerMode): void {
    worker =
      mode === 'real'
        ? new Worker(new URL('../../../workers/fleet.worker.ts', import.meta.url), { type: 'module', name: 'fleet' })
        : mode === 'baseline'
          ? new Worker(new URL('./baseline.worker.ts', import.meta.url), { type: 'module', name: 'baseline' })
          : new Worker(new URL('./ceiling.worker.ts', import.meta.url), { type: 'module', name: 'ceiling' });
    if (mode === 'ceiling') {
      worker.onmessage = (message: MessageEvent<{ open?: boolean; events?: number }>) => {
        if (message.data.open === true) recorded.live = true;
        if (message.data.events !== undefined) {
          recorded.times.push(now());
          recorded.events.push(message.data.events);
        }
      };
    }
    if (mode === 'baseline') {
      worker.onmessage = (message: MessageEvent<FleetDiff>) => record(message.data);
    }
  },
  /** Connects the worker to the feed; resolves once it is live with the snapshot loaded. */
  async connect(mode: WorkerMode, groupId: string, units: number, wire: 'binary' | 'binary-shapes' | 'binary-v1' | 'json' = 'binary'): Promise<void> {
    if (worker === null) bench.create(mode);
    const target = worker as Worker;
    if (mode === 'ceiling') {
      target.postMessage({ wsUrl: connectOptions(groupId).wsUrl });
      while (!recorded.live) await new Promise((resolve) => setTimeout(resolve, 50));
      return;
    }
    if (mode === 'real') {
      const api = Comlink.wrap<FleetApi>(target);
      await api.connect(connectOptions(groupId, wire), Comlink.proxy(handingBack((diff: FleetDiff) => record(diff))));
    } else {
      target.postMessage({ connect: connectOptions(groupId, wire) });
    }
    const started = performance.now();
    while (!(recorded.live && recorded.snapshotUnits >= units)) {
      if (performance.now() - started > 60_000) throw new Error(`worker not live with ${units} units after 60 s (${JSON.stringify({ ...recorded, times: recorded.times.length })})`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  },
  /** Forgets what was recorded so far (before a measured stream). */
  reset(): void {
    recorded.times = [];
    recorded.events = [];
  },
  /** The diffs recorded since reset: arrival time (epoch ms) and events per diff. */
  take(): { times: number[]; events: number[]; diffs: number } {
    return { times: recorded.times, events: recorded.events, diffs: recorded.diffs };
  },
  /** The worker's memory, when the browser can measure it (cross-origin isolated pages only). */
  async workerMemory(): Promise<{ available: boolean; workerBytes: number; totalBytes: number }> {
    const perf = performance as MemoryPerformance;
    if (typeof perf.measureUserAgentSpecificMemory !== 'function' || !crossOriginIsolated) return { available: false, workerBytes: 0, totalBytes: 0 };
    const result = await perf.measureUserAgentSpecificMemory();
    let workerBytes = 0;
    for (const entry of result.breakdown) {
      if (entry.attribution.some((a) => a.scope === 'DedicatedWorkerGlobalScope')) workerBytes += entry.bytes;
    }
    return { available: true, workerBytes, totalBytes: result.bytes };
  },
};

(globalThis as unknown as { bench: typeof bench }).bench = bench;
