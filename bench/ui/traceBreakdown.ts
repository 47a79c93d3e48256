/**
 * Where a first full list's wall time goes, read from one Chrome trace of the pass (firstListProbe
 * `--breakdown`; docs/performance.md §7f). The trace must hold the categories in BREAKDOWN_CATEGORIES:
 * the timeline (tasks with wall and thread time, the network events of the snapshot request, the
 * user-timing marks) and V8's sampling CPU profiler, which Chromium runs on every thread that runs
 * JavaScript, the fleet worker included (a page-only CDP profile cannot see the worker).
 *
 * Printed, on the page's clock (ms from the snapshot request sent):
 * - the snapshot request (`devices/fetch`): sent → response headers (the server: build and encode,
 *   plus any wait for its event loop) → last byte (the wire) → bytes stamped in the worker;
 * - per thread (the fleet worker, the page's main thread), between the bytes in the worker and the
 *   full list painted: wall and CPU (thread time) of its tasks, the longest, and the heaviest
 *   functions by self and inclusive time (CPU profile samples counted, scaled to the span's CPU),
 *   for the whole span and for the longest task;
 * - the marks in between, so the span from "diff posted" to "store" (the transfer) is visible.
 *
 * Wall ≫ CPU on a thread means it waited for one of the 2 cores; CPU is the work.
 */
import { readFileSync } from 'node:fs';

export const BREAKDOWN_CATEGORIES = ['devtools.timeline', 'blink.user_timing', 'v8', 'disabled-by-default-devtools.timeline', 'disabled-by-default-v8.cpu_profiler'];

type Event = {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  tdur?: number;
  tid: number;
  pid: number;
  id?: string;
  args?: { name?: string; data?: Record<string, unknown> & { cpuProfile?: ProfileChunk; timeDeltas?: number[]; startTime?: number } };
};
type ProfileNode = { id: number; callFrame: { functionName: string; url?: string; lineNumber?: number }; parent?: number };
type ProfileChunk = { nodes?: ProfileNode[]; samples?: number[] };
/** One CPU profile sample: when (trace µs), the leaf's label, and every distinct label on its stack. */
type Sample = { ts: number; leaf: string; stack: string[] };

const key = (e: { pid: number; tid: number }): string => `${e.pid}:${e.tid}`;

function label(frame: ProfileNode['callFrame']): string {
  const file = frame.url === undefined || frame.url === '' ? '' : ` ${frame.url.split('/').at(-1)?.split('?')[0]}:${(frame.lineNumber ?? 0) + 1}`;
  return `${frame.functionName === '' ? '(anonymous)' : frame.functionName}${file}`;
}

/** Every thread's CPU profile samples (the trace's Profile / ProfileChunk events), by thread. */
function samplesByThread(events: Event[]): Map<string, Sample[]> {
  const profiles = new Map<string, { thread: string; at: number; nodes: Map<number, ProfileNode>; samples: Sample[] }>();
  for (const e of events) {
    if (e.name === 'Profile' && e.id !== undefined) profiles.set(`${e.pid}:${e.id}`, { thread: key(e), at: e.args?.data?.startTime ?? e.ts, nodes: new Map(), samples: [] });
  }
  for (const e of events) {
    if (e.name !== 'ProfileChunk' || e.id === undefined) continue;
    const profile = profiles.get(`${e.pid}:${e.id}`);
    if (profile === undefined) continue;
    const chunk = e.args?.data?.cpuProfile;
    for (const node of chunk?.nodes ?? []) profile.nodes.set(node.id, node);
    const deltas = e.args?.data?.timeDeltas ?? [];
    (chunk?.samples ?? []).forEach((nodeId, index) => {
      profile.at += deltas[index] ?? 0;
      const stack: string[] = [];
      for (let node = profile.nodes.get(nodeId); node !== undefined; node = node.parent === undefined ? undefined : profile.nodes.get(node.parent)) {
        const name = label(node.callFrame);
        if (!stack.includes(name)) stack.push(name);
      }
      profile.samples.push({ ts: profile.at, leaf: stack[0] ?? '?', stack });
    });
  }
  const byThread = new Map<string, Sample[]>();
  for (const { thread, samples } of profiles.values()) byThread.set(thread, [...(byThread.get(thread) ?? []), ...samples]);
  return byThread;
}

/**
 * The heaviest labels among samples in [from, to): by self time, or inclusive (on the stack). Each
 * sample counts once and the counts are scaled to `cpuMs`, the thread's CPU in that span: a
 * sample's gap to the one before is no weight on a loaded machine, where it holds the time the
 * thread waited for a core (a one-line getter once drew 344 ms that way).
 */
function heaviest(samples: Sample[], from: number, to: number, inclusive: boolean, count: number, cpuMs: number): string {
  const inside = samples.filter((s) => s.ts >= from && s.ts < to && s.leaf !== '(idle)' && s.leaf !== '(program)' && s.leaf !== '(root)');
  const weight = inside.length === 0 ? 0 : cpuMs / inside.length;
  const ms = new Map<string, number>();
  for (const sample of inside) for (const name of inclusive ? sample.stack : [sample.leaf]) ms.set(name, (ms.get(name) ?? 0) + weight);
  return [...ms]
    .filter(([name]) => name !== '(root)')
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, value]) => `${name} ${value.toFixed(1)}`)
    .join(' | ');
}

export function printBreakdown(file: string): void {
  const { traceEvents: events } = JSON.parse(readFileSync(file, 'utf8')) as { traceEvents: Event[] };
  const names = new Map<string, string>();
  for (const e of events) if (e.ph === 'M' && e.name === 'thread_name') names.set(key(e), e.args?.name ?? '?');
  const mark = (name: string): number | undefined => events.find((e) => e.cat.includes('blink.user_timing') && e.name === name)?.ts;
  const request = events.find((e) => e.name === 'ResourceSendRequest' && String(e.args?.data?.['url'] ?? '').includes('devices/fetch'));
  const requestId = request?.args?.data?.['requestId'];
  const response = events.find((e) => e.name === 'ResourceReceiveResponse' && e.args?.data?.['requestId'] === requestId);
  const finish = events.find((e) => e.name === 'ResourceFinish' && e.args?.data?.['requestId'] === requestId);
  const bytes = mark('luc:fleet-snapshot-bytes');
  const full = mark('luc:unit-list-full-rows');
  if (bytes === undefined || full === undefined) {
    console.log(`breakdown: the trace lacks the bytes or full-rows mark (${file})`);
    return;
  }
  const t0 = request?.ts ?? bytes;
  const at = (ts: number | undefined): string => (ts === undefined ? '?' : `${((ts - t0) / 1000).toFixed(0)} ms`);
  const finishTime = finish?.args?.data?.['finishTime'];
  console.log(`breakdown ${file}`);
  console.log(
    `  request sent 0 ms → response ${at(response?.ts)} → finished ${at(typeof finishTime === 'number' ? finishTime * 1e6 : finish?.ts)} (${String(finish?.args?.data?.['encodedDataLength'] ?? '?')} bytes) → bytes in the worker ${at(bytes)}`,
  );
  for (const name of ['luc:fleet-snapshot', 'luc:fleet-snapshot-applied', 'luc:unit-list-first-rows', 'luc:unit-list-full-rows']) console.log(`  mark ${name} ${at(mark(name))}`);
  const samples = samplesByThread(events);
  const threads = [...names].filter(([, name]) => name === 'CrRendererMain' || name === 'DedicatedWorker thread');
  for (const [thread, name] of threads) {
    const tasks = events.filter((e) => key(e) === thread && e.name === 'RunTask' && e.ph === 'X' && e.ts + (e.dur ?? 0) > bytes && e.ts <= full);
    if (tasks.length === 0) continue;
    const wall = tasks.reduce((sum, e) => sum + (e.dur ?? 0), 0) / 1000;
    const cpu = tasks.reduce((sum, e) => sum + (e.tdur ?? 0), 0) / 1000;
    const longest = tasks.reduce((a, b) => ((b.tdur ?? 0) > (a.tdur ?? 0) ? b : a));
    const threadSamples = samples.get(thread) ?? [];
    console.log(`  [${name} ${thread}] ${tasks.length} tasks from the bytes to the full list: wall ${wall.toFixed(0)} ms, CPU ${cpu.toFixed(0)} ms`);
    console.log(`    self:      ${heaviest(threadSamples, bytes, full, false, 12, cpu)}`);
    console.log(`    inclusive: ${heaviest(threadSamples, bytes, full, true, 16, cpu)}`);
    const end = longest.ts + (longest.dur ?? 0);
    console.log(`    longest task at ${at(longest.ts)}: wall ${((longest.dur ?? 0) / 1000).toFixed(1)} ms, CPU ${((longest.tdur ?? 0) / 1000).toFixed(1)} ms`);
    console.log(`      self:      ${heaviest(threadSamples, longest.ts, end, false, 12, (longest.tdur ?? 0) / 1000)}`);
    console.log(`      inclusive: ${heaviest(threadSamples, longest.ts, end, true, 16, (longest.tdur ?? 0) / 1000)}`);
    if (name === 'CrRendererMain') printMainTasks(events, thread, threadSamples, bytes, full, at);
  }
}

/** Timeline events that name a task's rendering and collection work (their wall ms are summed per name). */
const TASK_PARTS = /^(FunctionCall|EvaluateScript|v8\.run|MinorGC|MajorGC|V8\.GC_MC_.*|BlinkGC\.AtomicPhase|UpdateLayoutTree|Layout|PrePaint|Paint|Layerize|Commit|HitTest|ParseHTML|FireAnimationFrame|TimerFire|RunMicrotasks|v8\.callFunction)$/;

/**
 * Every main-thread task of at least MAIN_TASK_MIN_MS (wall) from the bytes in the worker to
 * MAIN_TASK_AFTER_MS past the full-rows mark (the full list's paint falls in there): its start,
 * wall and CPU, the timeline events inside it summed by name (script, GC, style, layout, paint,
 * commit) and its heaviest functions by self time: which task is long and what is in it.
 */
const MAIN_TASK_MIN_MS = 16;
const MAIN_TASK_AFTER_MS = 400;

function printMainTasks(events: Event[], thread: string, samples: Sample[], bytes: number, full: number, at: (ts: number | undefined) => string): void {
  const mine = events.filter((e) => key(e) === thread && e.ph === 'X');
  const tasks = mine.filter((e) => e.name === 'RunTask' && (e.dur ?? 0) >= MAIN_TASK_MIN_MS * 1000 && e.ts + (e.dur ?? 0) > bytes && e.ts <= full + MAIN_TASK_AFTER_MS * 1000);
  for (const task of tasks) {
    const end = task.ts + (task.dur ?? 0);
    const parts = new Map<string, number>();
    for (const e of mine) {
      if (e === task || e.ts < task.ts || e.ts >= end || !TASK_PARTS.test(e.name)) continue;
      parts.set(e.name, (parts.get(e.name) ?? 0) + (e.dur ?? 0) / 1000);
    }
    const inside = [...parts].sort((a, b) => b[1] - a[1]).map(([name, ms]) => `${name} ${ms.toFixed(1)}`).join(', ');
    console.log(`    main task at ${at(task.ts)}: wall ${((task.dur ?? 0) / 1000).toFixed(1)} ms, CPU ${((task.tdur ?? 0) / 1000).toFixed(1)} ms; inside (wall ms, nested counted in each): ${inside}`);
    console.log(`      self: ${heaviest(samples, task.ts, end, false, 10, (task.tdur ?? 0) / 1000)}`);
  }
}

/**
 * The tasks of at least `minMs` wall time on the page's main thread and the fleet worker in a
 * trace (bench/ui/replayLoopBench.ts LOOP_TRACE), each with its wall and CPU time and its heaviest
 * functions by self and inclusive time: what a window's long tasks are. Times on the trace's clock
 * from its first task (ms).
 */
export function printLongTasks(file: string, minMs: number): void {
  const { traceEvents: events } = JSON.parse(readFileSync(file, 'utf8')) as { traceEvents: Event[] };
  const names = new Map<string, string>();
  for (const e of events) if (e.ph === 'M' && e.name === 'thread_name') names.set(key(e), e.args?.name ?? '?');
  const samples = samplesByThread(events);
  const runTasks = events.filter((e) => e.name === 'RunTask' && e.ph === 'X');
  const t0 = Math.min(...runTasks.map((e) => e.ts));
  console.log(`long tasks (≥ ${minMs} ms wall) in ${file}`);
  for (const [thread, name] of [...names].filter(([, n]) => n === 'CrRendererMain' || n === 'DedicatedWorker thread')) {
    const tasks = runTasks.filter((e) => key(e) === thread);
    const long = tasks.filter((e) => (e.dur ?? 0) >= minMs * 1000);
    const busy = tasks.reduce((sum, e) => sum + (e.tdur ?? 0), 0) / 1000;
    console.log(`  [${name} ${thread}] ${tasks.length} tasks, CPU ${busy.toFixed(0)} ms; ${long.length} of ≥ ${minMs} ms`);
    const threadSamples = samples.get(thread) ?? [];
    for (const task of long) {
      const cpu = (task.tdur ?? 0) / 1000;
      const end = task.ts + (task.dur ?? 0);
      console.log(`    at ${((task.ts - t0) / 1000).toFixed(0)} ms: wall ${((task.dur ?? 0) / 1000).toFixed(1)} ms, CPU ${cpu.toFixed(1)} ms`);
      console.log(`      self:      ${heaviest(threadSamples, task.ts, end, false, 10, cpu)}`);
      console.log(`      inclusive: ${heaviest(threadSamples, task.ts, end, true, 18, cpu)}`);
    }
  }
}

if (process.argv[1]?.endsWith('traceBreakdown.ts')) for (const file of process.argv.slice(2)) printBreakdown(file);
