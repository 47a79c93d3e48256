/**
 * A look at the first full list alone (no frame run): `npx tsx bench/ui/firstListProbe.ts UNITS [PASSES] [--trace FILE [--trace-all]]
 * [--breakdown]] [--heap-profile] [--ab | --json] [--ab-split | --split] [--ab-text | --text] [--ab-packed | --packed] [--ab-whole | --whole] [--cpu-profile] [--screenshot FILE]` (--ab: every other pass fetches
 * the snapshot as JSON; --ab-split: every other pass sends it to the UI split in parts of whole views, the
 * path before columns; --ab-text: every other pass sends the columns' views as one string instead of
 * transferred UTF-8 bytes, the form before; --ab-packed: every other pass the worker asks for the packed
 * snapshot instead of the columns answer, the answer before; --ab-whole: every other pass the worker sends a first
 * snapshot's views with its columns at once, not the first screen's views first (workers/pipeline/firstViews.ts,
 * the path before round p17); --screenshot FILE: a PNG of the list after the last pass).
 * Builds the console, starts the server with UNITS units (LUC_BENCH_UI_RATE, default 60,000 events/s
 * as in the UI bench), loads /list PASSES times and prints the probe's marks per pass. With --trace,
 * the last pass is recorded as a Chrome trace (page and worker threads; user timing marks included)
 * and the longest tasks per thread are printed; with --trace-all every pass is traced and printed with
 * its main thread's tasks from the bytes to the full list: the longest by CPU time (wall and CPU ms) and
 * the CPU ms of all of them (a loaded machine stretches wall times, not CPU times). With --cpu-profile, the last pass is sampled by the
 * page's V8 profiler (every 200 µs) and each busy stretch of the main thread ≥ 40 ms (samples not
 * idle, gaps under 10 ms) is printed with its heaviest functions by self time: what a long task is.
 * With --heap-profile, the last pass's page is sampled by V8's heap profiler (summarizeHeapProfile).
 * With --breakdown, each traced pass also samples every thread's CPU (the fleet worker's too) and
 * prints where the wall time went: server, wire, worker, main thread (traceBreakdown.ts).
 * With --ab-root OTHER_ROOT [--rounds R], this checkout's console and server against OTHER_ROOT's: R rounds (default 2),
 * the sides' order swapped every round, PASSES page loads per side and round, medians and ratios (abRounds); with
 * --trace FILE too, each pass's worker CPU and the fleet worker's major collections from the bytes to the full list
 * (workerToStore), and how many passes a side had one in.
 * With --server-ab OTHER_ROOT, PASSES is the number of rounds of the server alone under columns
 * requests, this checkout's server against OTHER_ROOT's (serverColumnsProbe.ts: the event loop's delay, request → last byte).
 * For profiling; the figures come from uiBench.ts.
 */
import { mkdirSync, symlinkSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { CDPSession } from '@playwright/test';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { BREAKDOWN_CATEGORIES, printBreakdown } from './traceBreakdown.ts';
import { buildConsole, launch, loadList, signedIn, startServer, stopServer } from './uiBench.ts';
import { serverColumnsAB } from './serverColumnsProbe.ts';
import { ROOT } from '../child.ts';

type TraceEvent = { name: string; cat: string; ph: string; ts: number; dur?: number; tid: number; pid: number; args?: { name?: string; data?: { functionName?: string; url?: string } } };

function summarizeTrace(file: string): void {
  const { traceEvents } = JSON.parse(readFileSync(file, 'utf8')) as { traceEvents: TraceEvent[] };
  const threads = new Map<string, string>();
  for (const e of traceEvents) if (e.ph === 'M' && e.name === 'thread_name') threads.set(`${e.pid}:${e.tid}`, e.args?.name ?? '?');
  const marks = traceEvents.filter((e) => e.cat.includes('blink.user_timing') && e.name.startsWith('luc:')).sort((a, b) => a.ts - b.ts);
  const t0 = marks.find((e) => e.name === 'luc:fleet-snapshot-bytes')?.ts ?? marks[0]?.ts ?? 0;
  for (const m of marks) console.log(`mark ${((m.ts - t0) / 1000).toFixed(1).padStart(8)} ms ${m.dur !== undefined ? `(${(m.dur / 1000).toFixed(1)} ms) ` : ''}${m.name} [${threads.get(`${m.pid}:${m.tid}`)}]`);
  const tasks = traceEvents.filter((e) => e.name === 'RunTask' && e.ph === 'X' && (e.dur ?? 0) >= 8_000 && e.ts >= t0 - 200_000);
  for (const task of tasks.sort((a, b) => a.ts - b.ts)) {
    const thread = threads.get(`${task.pid}:${task.tid}`) ?? '?';
    if (!/CrRendererMain|Worker/.test(thread)) continue;
    const inside = traceEvents.filter((e) => e.pid === task.pid && e.tid === task.tid && e.ph === 'X' && e.ts >= task.ts && e.ts < task.ts + (task.dur ?? 0) && e !== task);
    const gc = inside.filter((e) => /GC|Scavenge|MarkCompact/.test(e.name)).reduce((s, e) => s + (e.dur ?? 0), 0);
    const fns = inside.filter((e) => e.name === 'FunctionCall').map((e) => `${e.args?.data?.functionName ?? '?'}`).slice(0, 3);
    console.log(`task ${((task.ts - t0) / 1000).toFixed(1).padStart(8)} ms ${((task.dur ?? 0) / 1000).toFixed(1).padStart(6)} ms [${thread}] gc ${(gc / 1000).toFixed(1)} ms ${fns.join(',')}`);
  }
}

/** A node of a sampling heap profile (CDP HeapProfiler.SamplingHeapProfileNode). */
type HeapNode = { id: number; selfSize: number; callFrame: { functionName: string; url: string; lineNumber: number }; children: HeapNode[] };

/**
 * `--heap-profile`: what the page's main thread allocated over the last pass (the page load, the
 * snapshot's task, the first rows), sampled every 4 KB with the objects young and major
 * collections took included, summed by the allocating function and its two callers (bytes, MB).
 * Allocations with no script on the stack are V8's own entries, e.g. "(V8 API)": the structured
 * clone of a message deserialized by Blink before its handler runs.
 */
function summarizeHeapProfile(head: HeapNode): void {
  const label = (frame: HeapNode['callFrame']): string => `${frame.functionName || '(anonymous)'}${frame.url === '' ? '' : ` ${frame.url.split('/').at(-1)}:${frame.lineNumber + 1}`}`;
  const bySite = new Map<string, number>();
  let total = 0;
  const walk = (node: HeapNode, stack: string[]): void => {
    const here = [label(node.callFrame), ...stack];
    if (node.selfSize > 0) {
      total += node.selfSize;
      const site = here.slice(0, 3).join(' ← ');
      bySite.set(site, (bySite.get(site) ?? 0) + node.selfSize);
    }
    for (const child of node.children) walk(child, here);
  };
  walk(head, []);
  console.log(`heap profile: ${(total / 1e6).toFixed(1)} MB sampled over the pass (collected ones included)`);
  for (const [site, bytes] of [...bySite].sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log(`  ${(bytes / 1e6).toFixed(2).padStart(7)} MB  ${site}`);
}

type ProfileNode = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] };
type CpuProfile = { nodes: ProfileNode[]; startTime: number; samples: number[]; timeDeltas: number[] };

/** The main thread's busy stretches ≥ 40 ms in a CPU profile, each with its heaviest functions (self ms). */
function summarizeProfile(profile: CpuProfile): void {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const label = (node: ProfileNode): string => {
    const { functionName, url, lineNumber } = node.callFrame;
    return `${functionName || '(anonymous)'}${url === '' ? '' : ` ${url.split('/').at(-1)}:${lineNumber + 1}`}`;
  };
  let at = profile.startTime;
  let stretch: { start: number; end: number; self: Map<string, number> } | null = null;
  const stretches: { start: number; end: number; self: Map<string, number> }[] = [];
  for (let index = 0; index < profile.samples.length; index += 1) {
    const delta = profile.timeDeltas[index] ?? 0;
    at += delta;
    const node = byId.get(profile.samples[index] as number);
    if (node === undefined || node.callFrame.functionName === '(idle)') continue;
    if (stretch === null || at - stretch.end > 10_000) {
      stretch = { start: at, end: at, self: new Map() };
      stretches.push(stretch);
    }
    const name = label(node);
    stretch.self.set(name, (stretch.self.get(name) ?? 0) + (at - stretch.end) / 1_000);
    stretch.end = at;
  }
  const first = stretches[0]?.start ?? 0;
  for (const { start, end, self } of stretches) {
    if (end - start < 40_000) continue;
    const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, 14);
    console.log(`busy ${((start - first) / 1000).toFixed(0)} ms +${((end - start) / 1000).toFixed(1)} ms: ${top.map(([name, ms]) => `${name} ${ms.toFixed(1)}`).join(' | ')}`);
  }
}

/**
 * The main thread's tasks from the snapshot's bytes to the full list painted in a Chrome trace:
 * wall time and thread (CPU) time of the longest, and of all of them. CPU time is what a change of
 * the main thread's work shows on a loaded machine, where a task's wall time is mostly waiting
 * for a core (tdur: the trace's thread duration).
 */
function mainThreadTasks(file: string): { longestWallMs: number; longestCpuMs: number; cpuMs: number; tasks: number } {
  const { traceEvents } = JSON.parse(readFileSync(file, 'utf8')) as { traceEvents: (TraceEvent & { tdur?: number })[] };
  const main = new Set<string>();
  for (const e of traceEvents) if (e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain') main.add(`${e.pid}:${e.tid}`);
  const marks = traceEvents.filter((e) => e.cat.includes('blink.user_timing') && e.name.startsWith('luc:'));
  const from = marks.find((e) => e.name === 'luc:fleet-snapshot-bytes')?.ts ?? 0;
  const to = marks.find((e) => e.name === 'luc:unit-list-full-rows')?.ts ?? Number.POSITIVE_INFINITY;
  const tasks = traceEvents.filter((e) => e.name === 'RunTask' && e.ph === 'X' && main.has(`${e.pid}:${e.tid}`) && e.ts + (e.dur ?? 0) > from && e.ts <= to);
  let longest = { dur: 0, tdur: 0 };
  let cpu = 0;
  for (const task of tasks) {
    cpu += task.tdur ?? 0;
    if ((task.tdur ?? 0) > longest.tdur) longest = { dur: task.dur ?? 0, tdur: task.tdur ?? 0 };
  }
  return { longestWallMs: longest.dur / 1000, longestCpuMs: longest.tdur / 1000, cpuMs: cpu / 1000, tasks: tasks.length };
}

/**
 * The fleet worker's part of a first list in a Chrome trace: its tasks between the bytes in the
 * worker (luc:fleet-snapshot-bytes) and the snapshot reaching the UI store (luc:fleet-snapshot),
 * wall and thread (CPU) ms summed (the answer's read, its checks and copies, the post, and the
 * collections inside those tasks: what a change of the worker's read shows on a loaded machine);
 * and its major collections from the bytes to the full list painted (§7n: a 61 MB ArrayBuffer of
 * the columns answer took the worker over V8's first global limit and a major GC fell in that
 * span): MajorGC events (ms of wall summed) and incremental-marking starts.
 */
function workerToStore(file: string): { wallMs: number; cpuMs: number; majorGcs: number; majorGcMs: number } {
  const { traceEvents } = JSON.parse(readFileSync(file, 'utf8')) as { traceEvents: (TraceEvent & { tdur?: number })[] };
  const workers = new Set<string>();
  for (const e of traceEvents) if (e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'DedicatedWorker thread') workers.add(`${e.pid}:${e.tid}`);
  const marks = traceEvents.filter((e) => e.cat.includes('blink.user_timing') && e.name.startsWith('luc:'));
  const from = marks.find((e) => e.name === 'luc:fleet-snapshot-bytes')?.ts ?? 0;
  const to = marks.find((e) => e.name === 'luc:fleet-snapshot')?.ts ?? from;
  const full = marks.find((e) => e.name === 'luc:unit-list-full-rows')?.ts ?? to;
  let wall = 0;
  let cpu = 0;
  let majorGcs = 0;
  let majorGcMs = 0;
  for (const task of traceEvents) {
    if (!workers.has(`${task.pid}:${task.tid}`)) continue;
    if ((task.name === 'MajorGC' || task.name === 'V8.GCIncrementalMarkingStart') && task.ts + (task.dur ?? 0) > from && task.ts <= full) {
      majorGcs += 1;
      if (task.name === 'MajorGC') majorGcMs += (task.dur ?? 0) / 1000;
    }
    if (task.name !== 'RunTask' || task.ph !== 'X' || task.ts + (task.dur ?? 0) <= from || task.ts > to) continue;
    wall += task.dur ?? 0;
    cpu += task.tdur ?? 0;
  }
  return { wallMs: wall / 1000, cpuMs: cpu / 1000, majorGcs, majorGcMs };
}

/** A process's CPU time so far in ms (user + system, from /proc; Linux clock ticks of 10 ms). */
function cpuMsOf(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function main(): Promise<void> {
  const units = Number(process.argv[2] ?? 10_000);
  const passes = Number(process.argv[3] ?? 3);
  const traceAt = process.argv.indexOf('--trace');
  const breakdown = process.argv.includes('--breakdown');
  const traceFile = traceAt > 0 ? (process.argv[traceAt + 1] ?? '/tmp/first-list-trace.json') : null;
  const dir = mkdtempSync(join(tmpdir(), 'luc-first-list-'));
  // --server-ab OTHER_ROOT: the server alone under columns requests, this checkout's and OTHER_ROOT's (serverColumnsProbe.ts); no console, no browser.
  const serverAb = process.argv.indexOf('--server-ab');
  if (serverAb > 0) {
    mkdirSync(join(dir, 'dist'));
    symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
    await serverColumnsAB(dir, units, passes, process.argv[serverAb + 1] ?? '/work/main');
    rmSync(dir, { recursive: true, force: true });
    return;
  }
  // --ab-root OTHER_ROOT: this checkout's console and server against OTHER_ROOT's, rounds alternated (abRounds).
  const abRoot = process.argv.indexOf('--ab-root');
  if (abRoot > 0) {
    const rounds = Number(process.argv[process.argv.indexOf('--rounds') + 1] ?? 2);
    await abRounds(units, passes, process.argv.includes('--rounds') ? rounds : 2, process.argv[abRoot + 1] ?? '/work/main', traceFile);
    rmSync(dir, { recursive: true, force: true });
    return;
  }
  await buildConsole(dir);
  const server = await startServer(dir, units);
  const browser = await launch();
  try {
    const { page } = await signedIn(browser, server.url);
    for (let pass = 0; pass < passes; pass += 1) {
      // --trace-all: every pass traced (FILE-PASS.json), its main-thread tasks' CPU time printed with it.
      const traceAll = process.argv.includes('--trace-all');
      const tracing = traceFile !== null && (traceAll || pass === passes - 1);
      const passTrace = traceAll && traceFile !== null ? traceFile.replace(/(\.json)?$/, `-${pass + 1}.json`) : traceFile;
      const profiling = process.argv.includes('--cpu-profile') && pass === passes - 1;
      let cdp: CDPSession | null = null;
      // --heap-profile: the last pass's allocations on the page's main thread, sampled (summarizeHeapProfile).
      const heapProfiling = process.argv.includes('--heap-profile') && pass === passes - 1;
      let heapCdp: CDPSession | null = null;
      if (heapProfiling) {
        heapCdp = await page.context().newCDPSession(page);
        await heapCdp.send('HeapProfiler.enable');
        await heapCdp.send('HeapProfiler.startSampling', { samplingInterval: 4096, includeObjectsCollectedByMinorGC: true, includeObjectsCollectedByMajorGC: true } as never);
      }
      if (profiling) {
        cdp = await page.context().newCDPSession(page);
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
        await cdp.send('Profiler.start');
      }
      // --breakdown: the trace also samples every thread's CPU (the worker's too) and is printed as a breakdown (traceBreakdown.ts).
      const categories = breakdown ? BREAKDOWN_CATEGORIES : ['devtools.timeline', 'blink.user_timing', 'v8', 'disabled-by-default-devtools.timeline'];
      if (tracing) await browser.startTracing(page, { path: passTrace ?? undefined, categories });
      const json = process.argv.includes('--json') || (process.argv.includes('--ab') && pass % 2 === 1);
      // --ab-split: every other pass the snapshot reaches the UI split in parts of whole views (the old path).
      const split = process.argv.includes('--split') || (process.argv.includes('--ab-split') && pass % 2 === 1);
      // --ab-text: every other pass the snapshot's views reach the UI as one string (columns before transferred bytes).
      const text = process.argv.includes('--text') || (process.argv.includes('--ab-text') && pass % 2 === 1);
      // --ab-packed: every other pass the worker asks for the packed snapshot (the answer before the columns answer).
      const packed = process.argv.includes('--packed') || (process.argv.includes('--ab-packed') && pass % 2 === 1);
      // --ab-whole: every other pass the first snapshot's views go with its columns at once (the path before firstViews.ts).
      const whole = process.argv.includes('--whole') || (process.argv.includes('--ab-whole') && pass % 2 === 1);
      const query = [json ? 'benchSnapshotJson' : '', split ? 'benchSnapshotSplit' : '', text ? 'benchSnapshotText' : '', packed ? 'benchSnapshotPacked' : '', whole ? 'benchSnapshotWhole' : ''].filter((flag) => flag !== '').join('&');
      // The server's CPU over the pass (simulator, fan-out, snapshot): what the 2 cores lend to Chromium.
      const serverCpuBefore = cpuMsOf(server.child.process.pid);
      const result = await loadList(page, units, query === '' ? '' : `?${query}`);
      const serverCpuMs = cpuMsOf(server.child.process.pid) - serverCpuBefore;
      if (tracing) await browser.stopTracing();
      const cpu = traceAll && passTrace !== null ? mainThreadTasks(passTrace) : null;
      if (tracing && breakdown && passTrace !== null) printBreakdown(passTrace);
      const profile = cdp === null ? null : ((await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile }).profile;
      if (heapCdp !== null) {
        const { profile: heap } = (await heapCdp.send('HeapProfiler.stopSampling')) as unknown as { profile: { head: HeapNode } };
        writeFileSync('/tmp/first-list.heapprofile', JSON.stringify(heap));
        summarizeHeapProfile(heap.head);
      }
      console.log(`pass ${pass + 1} (${json ? 'JSON' : 'packed'}, ${split ? 'split views' : text ? 'columns, views as text' : whole ? 'columns, views whole' : 'columns'}): ${JSON.stringify(result, (k, v: unknown) => (typeof v === 'number' ? Math.round(v * 10) / 10 : v))}${cpu === null ? '' : ` main thread ${JSON.stringify(cpu, (k, v: unknown) => (typeof v === 'number' ? Math.round(v * 10) / 10 : v))}`}; server CPU ${serverCpuMs} ms, load ${loadavg()[0]?.toFixed(1)}`);
      const shotAt = process.argv.indexOf('--screenshot');
      if (shotAt > 0 && pass === passes - 1) await page.screenshot({ path: process.argv[shotAt + 1] ?? '/tmp/first-list.png' });
      if (profile !== null) {
        writeFileSync('/tmp/first-list-profile.cpuprofile', JSON.stringify(profile));
        summarizeProfile(profile);
      }
    }
    if (traceFile !== null && !process.argv.includes('--trace-all')) summarizeTrace(traceFile);
  } finally {
    await browser.close();
    await stopServer(server);
    rmSync(dir, { recursive: true, force: true });
  }
}

type AbPass = { side: string; round: number; fullPaintedMs: number; longestMs: number; longTasks: number; bytesToStoreMs: number; cpu: ReturnType<typeof mainThreadTasks> | null; worker: ReturnType<typeof workerToStore> | null; load: number };

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length === 0 ? Number.NaN : sorted.length % 2 === 1 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

/**
 * `--ab-root OTHER_ROOT [--rounds R]`: this checkout's console and server ("this") against
 * OTHER_ROOT's ("other"), each built once; per round each side starts its own server with UNITS
 * units (one server at a time: the 2 cores are not shared between the sides), signs in and loads
 * the list PASSES times; the sides' order swaps every round. Printed per pass: the first full list
 * (bytes in the worker → full list painted), the longest main-thread long task (PerformanceObserver,
 * wall ms, as the bench's figure) and, with --trace-all, the main thread's CPU per task from a trace;
 * then per side the medians, and the ratio this / other of the medians and of each round's medians,
 * with the load average (a loaded machine stretches wall times: compare within the run).
 */
async function abRounds(units: number, passes: number, rounds: number, otherRoot: string, traceFile: string | null): Promise<void> {
  const sides: { name: string; root: string; dir: string }[] = [];
  for (const [name, root] of [['this', ROOT], ['other', otherRoot]] as [string, string][]) {
    const dir = mkdtempSync(join(tmpdir(), `luc-first-list-${name}-`));
    process.env['LUC_BENCH_UI_ROOT'] = root;
    await buildConsole(dir);
    sides.push({ name, root, dir });
  }
  const results: AbPass[] = [];
  const browser = await launch();
  try {
    for (let round = 1; round <= rounds; round += 1) {
      for (const side of round % 2 === 1 ? sides : [...sides].reverse()) {
        const server = await startServer(side.dir, units, undefined, side.root);
        try {
          const { context, page } = await signedIn(browser, server.url);
          for (let pass = 1; pass <= passes; pass += 1) {
            const passTrace = traceFile === null ? null : traceFile.replace(/(\.json)?$/, `-${side.name}-${round}-${pass}.json`);
            if (passTrace !== null) await browser.startTracing(page, { path: passTrace, categories: ['devtools.timeline', 'blink.user_timing', 'v8', 'disabled-by-default-devtools.timeline'] });
            // A page load that does not finish (a heavily loaded machine) is told and left out; the run goes on.
            const result = await loadList(page, units).catch((error: unknown) => {
              console.log(`round ${round} ${side.name} pass ${pass}: not finished (${error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error)}), load ${loadavg()[0]?.toFixed(1)}`);
              return null;
            });
            if (passTrace !== null) await browser.stopTracing();
            if (result === null) continue;
            const entry: AbPass = {
              side: side.name,
              round,
              fullPaintedMs: result.fullPaintedMs,
              longestMs: Math.max(0, ...result.longTasks),
              longTasks: result.longTasks.length,
              bytesToStoreMs: result.bytesToStoreMs,
              cpu: passTrace === null ? null : mainThreadTasks(passTrace),
              worker: passTrace === null ? null : workerToStore(passTrace),
              load: loadavg()[0] ?? Number.NaN,
            };
            results.push(entry);
            const spans = (result as unknown as { longTaskSpans?: number[][] }).longTaskSpans ?? [];
            console.log(`round ${round} ${side.name} pass ${pass}: full list ${entry.fullPaintedMs.toFixed(0)} ms, bytes → store ${entry.bytesToStoreMs.toFixed(0)} ms, longest task ${entry.longestMs.toFixed(0)} ms (${entry.longTasks} long: ${spans.map(([at, ms]) => `${ms} ms at ${at}`).join(', ')})${entry.cpu === null ? '' : `, main thread longest task CPU ${entry.cpu.longestCpuMs.toFixed(1)} ms (wall ${entry.cpu.longestWallMs.toFixed(1)}), CPU in all ${entry.cpu.cpuMs.toFixed(1)} ms`}${entry.worker === null ? '' : `, worker bytes → store wall ${entry.worker.wallMs.toFixed(1)} ms, CPU ${entry.worker.cpuMs.toFixed(1)} ms, worker major GC events bytes → full list ${entry.worker.majorGcs} (MajorGC ${entry.worker.majorGcMs.toFixed(1)} ms)`}, load ${entry.load.toFixed(1)}`);
          }
          await context.close();
        } finally {
          await stopServer(server);
        }
      }
    }
  } finally {
    await browser.close();
    for (const side of sides) rmSync(side.dir, { recursive: true, force: true });
  }
  const figures: [string, (p: AbPass) => number][] = [
    ['full list painted (ms)', (p) => p.fullPaintedMs],
    ['longest long task (ms, 0: none)', (p) => p.longestMs],
    ['bytes in the worker → UI store (ms)', (p) => p.bytesToStoreMs],
    ...(traceFile === null
      ? []
      : ([
          ['longest task CPU (ms)', (p: AbPass) => p.cpu?.longestCpuMs ?? Number.NaN],
          ['main thread CPU, bytes → full list (ms)', (p: AbPass) => p.cpu?.cpuMs ?? Number.NaN],
          ['worker CPU, bytes → store (ms)', (p: AbPass) => p.worker?.cpuMs ?? Number.NaN],
          ['worker major GC events, bytes → full list (count)', (p: AbPass) => p.worker?.majorGcs ?? Number.NaN],
        ] as [string, (p: AbPass) => number][])),
  ];
  for (const [name, of] of figures) {
    const mine = median(results.filter((p) => p.side === 'this').map(of));
    const theirs = median(results.filter((p) => p.side === 'other').map(of));
    const perRound = Array.from({ length: rounds }, (_, index) => {
      const inRound = results.filter((p) => p.round === index + 1);
      return median(inRound.filter((p) => p.side === 'this').map(of)) / median(inRound.filter((p) => p.side === 'other').map(of));
    });
    console.log(`${units} units, ${name}: this ${mine.toFixed(1)}, other ${theirs.toFixed(1)} (medians of ${results.length / 2} passes each), ratio ${(mine / theirs).toFixed(2)}; rounds ${perRound.map((r) => r.toFixed(2)).join(', ')}`);
  }
  if (traceFile !== null) {
    const withGc = (side: string) => `${results.filter((p) => p.side === side && (p.worker?.majorGcs ?? 0) > 0).length} of ${results.filter((p) => p.side === side).length}`;
    console.log(`${units} units, passes with a worker major GC (MajorGC or incremental marking started) from the bytes to the full list: this ${withGc('this')}, other ${withGc('other')}`);
  }
  const loads = results.map((p) => p.load);
  console.log(`load average over the passes ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}`);
}

if (process.argv[1]?.endsWith('firstListProbe.ts')) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
