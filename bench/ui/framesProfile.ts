/**
 * A look at the frame windows of the UI bench (issue 15 item 4), A/B in one run:
 * `npx tsx bench/ui/framesProfile.ts [OTHER_CHECKOUT]` (~3-4 min per side at a quiet machine).
 * Not a figure: per side (this checkout; then OTHER_CHECKOUT, e.g. /work/main, console AND server
 * from there) and per window (list scrolling, multiview, map) it prints the frame intervals, the
 * long tasks, the time from the menu click to the screen drawn with every request of the page
 * between the two (ms from the click: a slow open says whether it waited for its chunk, its data
 * or its first draw), the connection phases the header
 * went through (resyncing = a reset and a full snapshot; behind = conflated), and the functions
 * with the most self time on the page's main thread (the DevTools protocol's Profiler, sampled
 * every PROFILE_SAMPLE_US, on an unminified build so names read). The same server settings, load
 * and windows as uiBench.ts. LUC_PROFILE_ROUNDS alternates the sides that many times (default 1);
 * LUC_PROFILE_THIS_FIRST=1 runs this checkout's side first in each round.
 * LUC_PROFILE_TRACE=1: a Chromium trace per window instead of the CPU profile (time per event name
 * on the page's main thread: layout, paint, message deserialization, GC, scripts);
 * LUC_PROFILE_INVALIDATION=1 with it adds the invalidationTracking category and lists what the
 * window invalidated (paint, layout, style) by node and reason, per frame (docs/performance.md §5m).
 * After the list window it says where the scripts the list's warm-up requested and the end of the
 * store's first-snapshot fill fell against it: both are main-thread work that lands in the scroll
 * in some runs and not in others, and changes a window's long tasks as much as a code change does
 * (docs/performance.md §5e, §5f). LUC_BENCH_UI_PORT (uiBench.ts) fixes the server's port.
 * LUC_PROFILE_MAP_ONLY=1: the map window alone, opened from the list (docs/performance.md §5g).
 * LUC_PROFILE_ALLOC=all|live: a sampling heap profile of the page's main thread per window instead
 * of the CPU profile, the functions that allocated the most bytes in it: `all` counts objects the
 * young and old collections took meanwhile too (the allocation rate: how often a scavenge runs),
 * `live` only those still alive at the window's end (the survivors a scavenge copies, what makes one
 * long). docs/performance.md §5h.
 */
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CDPSession, Page } from '@playwright/test';
import { build } from 'vite';
import { ROOT } from '../child.ts';
import { percentile } from '../figure.ts';
import type { FrameWindow } from './frameProbe.ts';
import { fillAgainstWindow } from './frameProbe.ts';
import { launch, loadList, measureWindow, openScreen, scrollList, SETTLE_MS, signedIn, startServer, stopServer, UNITS, VIEW_MS } from './uiBench.ts';

/** Sampling interval of the CPU profile (µs). */
const PROFILE_SAMPLE_US = 500;
/** Functions listed per window. */
const TOP = 15;
/** Parts listed per long task in a trace. */
const LONG_TASK_PARTS = 6;
const ROUNDS = Number(process.env['LUC_PROFILE_ROUNDS'] ?? 1);
/** The store's mark at the end of its first-snapshot fill (src/fleet/store.ts SNAPSHOT_FILLED_MARK). */
const SNAPSHOT_FILLED_MARK = 'luc:fleet-snapshot-filled';

/** Sampling interval of the heap profile (bytes between samples, on average). */
const ALLOC_SAMPLE_BYTES = 16 * 1024;

type HeapNode = { callFrame: { functionName: string; url: string; lineNumber: number }; selfSize: number; children: HeapNode[] };

/** The functions that allocated the most bytes in a sampling heap profile (self: the allocating frame). */
function topAllocations(head: HeapNode): string[] {
  const bytes = new Map<string, number>();
  const visit = (node: HeapNode): void => {
    const frame = node.callFrame;
    const key = `${frame.functionName || '(anonymous)'} ${frame.url.split('/').pop() ?? ''}:${frame.lineNumber + 1}`;
    if (node.selfSize > 0) bytes.set(key, (bytes.get(key) ?? 0) + node.selfSize);
    for (const child of node.children) visit(child);
  };
  visit(head);
  const total = [...bytes.values()].reduce((a, b) => a + b, 0);
  return [
    `    allocated (sampled, ${process.env['LUC_PROFILE_ALLOC'] === 'live' ? 'alive at the window end' : 'collected ones included'}): ${(total / 1e6).toFixed(1)} MB`,
    ...[...bytes.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, TOP)
      .map(([name, b]) => `    ${(b / 1e6).toFixed(2).padStart(7)} MB ${((b / total) * 100).toFixed(1).padStart(5)} %  ${name}`),
  ];
}

/**
 * Tallies what the worker's diffs bring to the main thread (LUC_PROFILE_ALLOC's normaliser, the
 * same on both sides of an A/B): a second 'message' listener on every MessagePort, added after
 * the app's own (Comlink's proxy of the diff callback listens on one), so the app's listener
 * still deserializes the message and this one reads the event's cached data. Per diff: the inline
 * whole views and patches, the patches of a columns buffer (its header's count) and the bytes of
 * the transferred buffers. window.__streamTally is read at each window's start and end.
 */
const STREAM_TALLY_PROBE = `(() => {
  const tally = { diffs: 0, units: 0, patches: 0, bufferBytes: 0, channels: 0, channelUnitIds: 0, channelStatusChars: 0, notifications: 0, inlineViews: 0, removed: 0 };
  window.__streamTally = tally;
  const add = MessagePort.prototype.addEventListener;
  const seen = new WeakSet();
  function streamTally(event) {
    const diff = event.data?.argumentList?.[0]?.value;
    if (diff === null || typeof diff !== 'object' || typeof diff.frame !== 'number' || !Array.isArray(diff.units)) return;
    tally.diffs += 1;
    tally.units += diff.units.length;
    tally.patches += diff.patches?.length ?? 0;
    const patches = diff.patchesBuffer;
    if (patches instanceof ArrayBuffer && patches.byteLength >= 16) {
      tally.patches += new Float64Array(patches, 0, 2)[1];
      tally.bufferBytes += patches.byteLength;
    }
    if (diff.unitsBuffer instanceof ArrayBuffer) tally.bufferBytes += diff.unitsBuffer.byteLength;
    // What the message's clone builds as objects on the main thread (besides the buffers).
    tally.inlineViews += diff.units.length;
    tally.removed += diff.removed?.length ?? 0;
    tally.notifications += diff.notifications?.length ?? 0;
    for (const channel of diff.channels ?? []) {
      tally.channels += 1;
      const ids = channel?.status?.unitIds;
      if (Array.isArray(ids)) tally.channelUnitIds += ids.length;
    }
    // Statuses sent as text (diff.channelStatuses, round p16): one string each, its length in characters.
    for (const text of diff.channelStatuses ?? []) tally.channelStatusChars += text.length;
  }
  MessagePort.prototype.addEventListener = function (type, listener, options) {
    const result = add.call(this, type, listener, options);
    if (type === 'message' && !seen.has(this)) {
      seen.add(this);
      add.call(this, 'message', streamTally);
    }
    return result;
  };
})();`;

type StreamTally = {
  diffs: number;
  units: number;
  patches: number;
  bufferBytes: number;
  /** Objects the message's clone makes on the main thread: channel views and the unit ids in their status, notifications, inline whole views, removed ids. */
  channels: number;
  channelUnitIds: number;
  /** Characters of the statuses that came as text (diff.channelStatuses) instead of objects. */
  channelStatusChars: number;
  notifications: number;
  inlineViews: number;
  removed: number;
};

async function streamTally(page: Page): Promise<StreamTally> {
  return ((await page.evaluate(() => (window as unknown as { __streamTally?: StreamTally }).__streamTally)) ?? { diffs: 0, units: 0, patches: 0, bufferBytes: 0, channels: 0, channelUnitIds: 0, channelStatusChars: 0, notifications: 0, inlineViews: 0, removed: 0 }) as StreamTally;
}

/**
 * Young-generation collections on the page's main thread during `during`, from a trace of the V8
 * GC category only (cheap next to the devtools timeline): scavenges counted and their time (ms).
 */
async function youngCollections<T>(cdp: CDPSession, during: () => Promise<T>): Promise<{ result: T; count: number; ms: number; maxMs: number }> {
  const events: TraceEvent[] = [];
  const onData = (data: { value: object[] }): void => {
    events.push(...(data.value as TraceEvent[]));
  };
  cdp.on('Tracing.dataCollected', onData);
  await cdp.send('Tracing.start', { categories: 'devtools.timeline,v8', transferMode: 'ReportEvents' });
  const result = await during();
  const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.end');
  await done;
  cdp.off('Tracing.dataCollected', onData);
  // MinorGC: the timeline's event for one young-generation collection (a scavenge), on the thread it
  // stopped. The page's main thread: the renderer main thread (CrRendererMain) with the most of them.
  const mains = new Set(events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  const byThread = new Map<string, TraceEvent[]>();
  for (const e of events) {
    const thread = `${e.pid}:${e.tid}`;
    if (e.ph === 'X' && e.name === 'MinorGC' && mains.has(thread)) byThread.set(thread, [...(byThread.get(thread) ?? []), e]);
  }
  const young = [...byThread.values()].sort((a, b) => b.length - a.length)[0] ?? [];
  const durations = young.map((e) => (e.dur ?? 0) / 1000);
  return { result, count: young.length, ms: durations.reduce((a, b) => a + b, 0), maxMs: Math.max(0, ...durations) };
}

/** Records every data-phase the header's connection indicator shows, with its time (ms, page clock). */
const PHASE_PROBE = `(() => {
  const phases = [];
  window.__phases = phases;
  const seen = () => {
    const phase = document.querySelector('[data-testid="connection-indicator"]')?.getAttribute('data-phase') ?? null;
    if (phase !== null && phases.at(-1)?.[1] !== phase) phases.push([performance.now(), phase]);
  };
  new MutationObserver(seen).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-phase'] });
})();`;

type ProfileNode = { id: number; children?: number[]; callFrame: { functionName: string; url: string; lineNumber: number } };
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

function topSelf(profile: Profile): string[] {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<string, number>();
  profile.samples.forEach((id, index) => {
    const frame = byId.get(id)?.callFrame;
    if (frame === undefined) return;
    const file = frame.url.split('/').pop() ?? '';
    const key = `${frame.functionName || '(anonymous)'} ${file}:${frame.lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000);
  });
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  return [...self.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, TOP)
    .map(([name, ms]) => `    ${ms.toFixed(0).padStart(6)} ms ${((ms / total) * 100).toFixed(1).padStart(5)} %  ${name}`);
}

/** The functions with the most inclusive time (self plus callees; each sample counted once per function). */
function topInclusive(profile: Profile): string[] {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const total = new Map<string, number>();
  profile.samples.forEach((id, index) => {
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = byId.get(at)?.callFrame;
      if (frame === undefined || frame.url === '') continue;
      const key = `${frame.functionName || '(anonymous)'} ${frame.url.split('/').pop() ?? ''}:${frame.lineNumber + 1}`;
      if (seen.has(key)) continue;
      seen.add(key);
      total.set(key, (total.get(key) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000);
    }
  });
  return [...total.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 2 * TOP)
    .map(([name, ms]) => `    ${ms.toFixed(0).padStart(6)} ms incl.  ${name}`);
}

async function phasesSince(page: Page, from: number): Promise<string> {
  const phases = (await page.evaluate(() => (window as unknown as { __phases: [number, string][] }).__phases)) ?? [];
  const before = phases.filter(([at]) => at < from).at(-1)?.[1] ?? '?';
  const during = phases.filter(([at]) => at >= from).map(([, phase]) => phase);
  return [before, ...during].join(' → ');
}

type TraceEvent = {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tdur?: number;
  pid: number;
  tid: number;
  args?: {
    name?: string;
    data?: {
      functionName?: string;
      url?: string;
      type?: string;
      nodeName?: string;
      reason?: string;
      changedAttribute?: string;
      invalidatedSelectorId?: string;
      stackTrace?: { functionName?: string; url?: string; lineNumber?: number }[];
      /** Paint: the painted node (a backend node id) and the painted rectangle (a quad, 8 numbers, px). */
      nodeId?: number;
      clip?: number[];
    };
  };
};

/** Invalidations listed per window (LUC_PROFILE_INVALIDATION=1). */
const INVALIDATIONS_TOP = 25;
/** The trace events that say what was invalidated (the invalidationTracking category), by kind. */
const INVALIDATION_EVENTS = new Map([
  ['PaintInvalidationTracking', 'paint'],
  ['LayoutInvalidationTracking', 'layout'],
  ['StyleRecalcInvalidationTracking', 'style'],
  ['ScheduleStyleInvalidationTracking', 'style scheduled'],
  ['StyleInvalidatorInvalidationTracking', 'style (invalidator)'],
]);

/** Paint records listed per window (LUC_PROFILE_INVALIDATION=1). */
const PAINTS_TOP = 12;

/**
 * What the window painted, from the trace's `Paint` events: per painted node (its tag, id and
 * classes, read back from the page by backend node id), how many paints, per frame, and the mean
 * painted area (px²). Each paint is a layer's or a paint root's re-record: which parts of the page
 * around the list re-record in every frame of a wheel scroll under the stream.
 */
async function paintsByNode(cdp: CDPSession, onMain: readonly TraceEvent[], frames: number): Promise<string[]> {
  const byNode = new Map<number, { count: number; area: number }>();
  for (const e of onMain) {
    if (e.name !== 'Paint') continue;
    const node = e.args?.data?.nodeId ?? 0;
    const q = e.args?.data?.clip ?? [];
    // The clip quad's corners 0 and 2 (x, y pairs at 0-1 and 4-5): its width × height.
    const area = q.length >= 6 ? Math.abs(((q[4] ?? 0) - (q[0] ?? 0)) * ((q[5] ?? 0) - (q[1] ?? 0))) : 0;
    const seen = byNode.get(node) ?? { count: 0, area: 0 };
    seen.count += 1;
    seen.area += area;
    byNode.set(node, seen);
  }
  const top = [...byNode.entries()].sort((a, b) => b[1].count - a[1].count).slice(0, PAINTS_TOP);
  await cdp.send('DOM.getDocument', { depth: 0 }).catch(() => undefined); // describeNode answers only once the page's document was asked for
  const lines = [`    paints: ${[...byNode.values()].reduce((n, v) => n + v.count, 0)} in the window (${frames} frames), by painted node, count, per frame, mean area:`];
  for (const [nodeId, { count, area }] of top) {
    let name = `node ${nodeId}`;
    try {
      const { node } = (await cdp.send('DOM.describeNode', { backendNodeId: nodeId })) as { node: { nodeName: string; attributes?: string[] } };
      const attributes = node.attributes ?? [];
      const attribute = (key: string) => attributes[attributes.indexOf(key) + 1];
      name = `${node.nodeName}${attributes.includes('id') ? `#${attribute('id')}` : ''}${attributes.includes('class') ? `.${(attribute('class') ?? '').trim().split(/\s+/).join('.')}` : ''}${attributes.includes('data-testid') ? ` [${attribute('data-testid')}]` : ''}`;
    } catch {
      // the node is gone (a row scrolled away) or is the document: its id stays
    }
    lines.push(`      ${String(count).padStart(6)} ${(count / Math.max(1, frames)).toFixed(2).padStart(6)}/frame  ${(area / count / 1000).toFixed(0).padStart(6)}k px²  ${name.slice(0, 140)}`);
  }
  return lines;
}

/**
 * What the window invalidated, from the invalidationTracking category (LUC_PROFILE_INVALIDATION=1,
 * docs/performance.md §5m): per kind (paint, layout, style), node and reason, how many times in the
 * window and per frame drawn, the most first. A node repainted in every frame while nothing of it
 * changed on screen is the question (the list's sticky header, the counters, the filter bar, the badges).
 */
function invalidations(events: readonly TraceEvent[], frames: number): string[] {
  const counts = new Map<string, number>();
  let total = 0;
  for (const e of events) {
    const kind = INVALIDATION_EVENTS.get(e.name);
    if (kind === undefined) continue;
    const data = e.args?.data;
    const node = (data?.nodeName ?? '?').replace(/\s+/g, ' ').slice(0, 90);
    const why = data?.reason ?? data?.changedAttribute ?? data?.invalidatedSelectorId ?? '';
    const frame = data?.stackTrace?.[0];
    const by = frame === undefined ? '' : `, by ${frame.functionName || '(anonymous)'} ${(frame.url ?? '').split('/').pop() ?? ''}:${frame.lineNumber ?? ''}`;
    const key = `${kind}: ${node}${why === '' ? '' : ` (${why}${by})`}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
    total += 1;
  }
  const top = [...counts.entries()].sort((a, b) => b[1] - a[1]).slice(0, INVALIDATIONS_TOP);
  return [
    `    invalidations: ${total} in the window (${frames} frames); the most, count and per frame:`,
    ...top.map(([key, n]) => `      ${String(n).padStart(6)} ${(n / Math.max(1, frames)).toFixed(2).padStart(6)}/frame  ${key}`),
  ];
}

/** A trace event's name for the long-task breakdown: scripts say their function and file, events their type. */
function traceLabel(e: TraceEvent): string {
  const data = e.args?.data;
  if (e.name === 'FunctionCall' && data !== undefined) return `FunctionCall ${data.functionName || '(anonymous)'} ${(data.url ?? '').split('/').pop() ?? ''}`;
  if (e.name === 'EventDispatch' && data?.type !== undefined) return `EventDispatch ${data.type}`;
  return e.name;
}

/**
 * The main thread's events in start order (the longer first at one start) and each one's self time
 * (µs: its duration less its nested events').
 */
function selfTimes(onMain: readonly TraceEvent[]): { sorted: TraceEvent[]; self: Map<TraceEvent, number> } {
  const sorted = [...onMain].sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const self = new Map<TraceEvent, number>();
  const stack: TraceEvent[] = [];
  for (const e of sorted) {
    while (stack.length > 0 && (stack.at(-1) as TraceEvent).ts + ((stack.at(-1) as TraceEvent).dur ?? 0) <= e.ts) stack.pop();
    const parent = stack.at(-1);
    if (parent !== undefined) self.set(parent, (self.get(parent) ?? 0) - (e.dur ?? 0));
    self.set(e, (self.get(e) ?? 0) + (e.dur ?? 0));
    stack.push(e);
  }
  return { sorted, self };
}

/**
 * What each long task (RunTask ≥ 50 ms) of the main thread spent its time on: self time (an
 * event's duration less its nested events') by label, the top LONG_TASK_PARTS of each task.
 */
function longTaskParts(onMain: TraceEvent[]): string[] {
  const { sorted, self } = selfTimes(onMain);
  const tasks = sorted.filter((e) => e.name === 'RunTask' && (e.dur ?? 0) >= 50_000);
  const start = sorted[0]?.ts ?? 0;
  return tasks.map((task) => {
    const end = task.ts + (task.dur ?? 0);
    const byLabel = new Map<string, number>();
    for (const e of sorted) {
      if (e.ts < task.ts || e.ts >= end) continue;
      byLabel.set(traceLabel(e), (byLabel.get(traceLabel(e)) ?? 0) + (self.get(e) ?? 0) / 1000);
    }
    const parts = [...byLabel.entries()].sort((a, b) => b[1] - a[1]).slice(0, LONG_TASK_PARTS).map(([n, ms]) => `${n} ${ms.toFixed(0)}`);
    return `    long task at +${((task.ts - start) / 1000).toFixed(0)} ms, ${((task.dur ?? 0) / 1000).toFixed(0)} ms: ${parts.join(', ')}`;
  });
}

/**
 * The window's scroll tasks (issue 15 item 4, round p17): every main-thread task that dispatched a
 * `scroll` event, i.e. the frame in which the page's scroll reached the list and the virtualizer
 * rendered the rows it moved into view, then style, layout and paint. Their count, wall time (median,
 * p90, max), thread time (median), how many are long (≥ 50 ms), and their parts by self time,
 * averaged per task (ms): a typical wheel task, comparable across sides whatever else the stream
 * puts into the window.
 */
function scrollTasks(onMain: TraceEvent[]): string[] {
  const { sorted, self } = selfTimes(onMain);
  const tasks = sorted.filter((e) => e.name === 'RunTask');
  const scrolls = sorted.filter((e) => e.name === 'EventDispatch' && e.args?.data?.type === 'scroll');
  const withScroll: TraceEvent[] = [];
  let next = 0;
  for (const task of tasks) {
    const end = task.ts + (task.dur ?? 0);
    while (next < scrolls.length && (scrolls[next] as TraceEvent).ts < task.ts) next += 1;
    if (next < scrolls.length && (scrolls[next] as TraceEvent).ts < end) withScroll.push(task);
  }
  if (withScroll.length === 0) return ['    scroll tasks: none'];
  const walls = withScroll.map((t) => (t.dur ?? 0) / 1000);
  const cpus = withScroll.map((t) => (t.tdur ?? 0) / 1000);
  const parts = new Map<string, number>();
  for (const task of withScroll) {
    const end = task.ts + (task.dur ?? 0);
    for (const e of sorted) {
      if (e.ts < task.ts || e.ts >= end || e.name === 'RunTask') continue;
      parts.set(traceLabel(e), (parts.get(traceLabel(e)) ?? 0) + (self.get(e) ?? 0) / 1000);
    }
  }
  const mean = [...parts.entries()].sort((a, b) => b[1] - a[1]).slice(0, 2 * LONG_TASK_PARTS).map(([n, ms]) => `${n} ${(ms / withScroll.length).toFixed(2)}`);
  return [
    `    scroll tasks: ${withScroll.length}, wall median ${percentile(walls, 50).toFixed(1)} / p90 ${percentile(walls, 90).toFixed(1)} / max ${Math.max(...walls).toFixed(0)} ms, thread time median ${percentile(cpus, 50).toFixed(1)} ms, ${walls.filter((w) => w >= 50).length} of them ≥ 50 ms`,
    `    scroll task parts, self ms per task (mean): ${mean.join(', ')}`,
  ];
}

/** Chromium's trace of the window: total time per top-level event name on the page's main thread (CrRendererMain), i.e. native work by kind too. */
async function traced(cdp: CDPSession, during: () => Promise<FrameWindow>): Promise<{ w: FrameWindow; top: string[] }> {
  const events: TraceEvent[] = [];
  const onData = (data: { value: object[] }): void => {
    events.push(...(data.value as TraceEvent[]));
  };
  cdp.on('Tracing.dataCollected', onData);
  const tracking = process.env['LUC_PROFILE_INVALIDATION'] === '1' ? ',disabled-by-default-devtools.timeline.invalidationTracking' : '';
  await cdp.send('Tracing.start', { categories: `devtools.timeline,disabled-by-default-devtools.timeline,v8${tracking}`, transferMode: 'ReportEvents' });
  const w = await during();
  const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.end');
  await done;
  cdp.off('Tracing.dataCollected', onData);
  const main = events.find((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && events.some((x) => x.pid === e.pid && x.name === 'RunTask'));
  const onMain = events.filter((e) => main !== undefined && e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur !== undefined);
  const byName = new Map<string, number>();
  for (const e of onMain) if (e.name !== 'RunTask' && e.name !== 'ThreadControllerImpl::RunTask') byName.set(e.name, (byName.get(e.name) ?? 0) + (e.dur ?? 0) / 1000);
  const long = onMain.filter((e) => e.name === 'RunTask' && (e.dur ?? 0) >= 50_000).length;
  const top = [...byName.entries()].sort((a, b) => b[1] - a[1]).slice(0, TOP).map(([n, ms]) => `    ${ms.toFixed(0).padStart(6)} ms  ${n} (trace, inclusive)`);
  const onPage = events.filter((e) => main !== undefined && e.pid === main.pid);
  const tracked = tracking === '' ? [] : [...invalidations(onPage, w.intervals.length), ...(await paintsByNode(cdp, onMain, w.intervals.length))];
  return { w, top: [`    trace: ${long} main-thread tasks ≥ 50 ms`, ...top, ...scrollTasks(onMain), ...longTaskParts(onMain), ...tracked] };
}

async function window(cdp: CDPSession, page: Page, name: string, openMs: number | null, during: () => Promise<void>): Promise<string> {
  const from = (await page.evaluate(() => performance.now())) as number;
  if (process.env['LUC_PROFILE_TRACE'] === '1') {
    const { w, top } = await traced(cdp, () => measureWindow(page, name, during));
    return [`  ${name}: ${w.intervals.length} frames, p95 ${percentile(w.intervals, 95).toFixed(1)}, p99 ${percentile(w.intervals, 99).toFixed(1)}, ${w.longTasks.length} long tasks [${w.longTasks.map((d) => d.toFixed(0)).join(' ')}]${openMs === null ? '' : `, opened and drawn in ${openMs.toFixed(0)} ms`}, ${fillAgainstWindow(w)}; phases ${await phasesSince(page, from)}`, ...top].join('\n');
  }
  const alloc = process.env['LUC_PROFILE_ALLOC'];
  if (alloc === 'all' || alloc === 'live') {
    const collected = alloc === 'all';
    await cdp.send('HeapProfiler.enable');
    await cdp.send('HeapProfiler.startSampling', { samplingInterval: ALLOC_SAMPLE_BYTES, includeObjectsCollectedByMajorGC: collected, includeObjectsCollectedByMinorGC: collected });
    const before = await streamTally(page);
    const { result: w, count: scavenges, ms: scavengeMs, maxMs: scavengeMaxMs } = await youngCollections(cdp, () => measureWindow(page, name, during));
    const after = await streamTally(page);
    const { profile } = (await cdp.send('HeapProfiler.stopSampling')) as { profile: { head: HeapNode } };
    const head = `  ${name}: ${w.intervals.length} frames, p95 ${percentile(w.intervals, 95).toFixed(1)}, p99 ${percentile(w.intervals, 99).toFixed(1)}, ${w.longTasks.length} long tasks [${w.longTasks.map((d) => d.toFixed(0)).join(' ')}]${openMs === null ? '' : `, opened and drawn in ${openMs.toFixed(0)} ms`}, ${fillAgainstWindow(w)}; phases ${await phasesSince(page, from)}`;
    const lines = topAllocations(profile.head);
    const allocatedMb = Number(/([0-9.]+) MB/.exec(lines[0] ?? '')?.[1] ?? 0);
    const updates = after.units - before.units + (after.patches - before.patches);
    const streamMb = (after.bufferBytes - before.bufferBytes) / 1e6;
    const stream = `    stream to the main thread: ${after.diffs - before.diffs} diffs, ${updates} unit updates (${after.patches - before.patches} patches), ${streamMb.toFixed(2)} MB of transferred buffers; allocated ${updates > 0 ? ((allocatedMb * 1e3) / (updates / 1e3)).toFixed(1) : '-'} KB per 1,000 updates, ${streamMb > 0 ? (allocatedMb / streamMb).toFixed(2) : '-'} MB per MB of buffers; young collections (MinorGC) ${scavenges}, ${scavengeMs.toFixed(0)} ms in all, longest ${scavengeMaxMs.toFixed(0)} ms; cloned objects: ${after.channels - before.channels} channel views holding ${after.channelUnitIds - before.channelUnitIds} unit ids (statuses as text: ${after.channelStatusChars - before.channelStatusChars} characters), ${after.notifications - before.notifications} notifications, ${after.inlineViews - before.inlineViews} inline whole views, ${after.removed - before.removed} removed ids`;
    return [head, stream, ...lines].join('\n');
  }
  await cdp.send('Profiler.start');
  const w: FrameWindow = await measureWindow(page, name, during);
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
  const head = `  ${name}: ${w.intervals.length} frames, p50 ${percentile(w.intervals, 50).toFixed(1)}, p95 ${percentile(w.intervals, 95).toFixed(1)}, p99 ${percentile(w.intervals, 99).toFixed(1)}, max ${Math.max(...w.intervals).toFixed(0)} ms, ${w.longTasks.length} long tasks [${w.longTasks.map((d) => d.toFixed(0)).join(' ')}]${openMs === null ? '' : `, opened and drawn in ${openMs.toFixed(0)} ms`}, ${fillAgainstWindow(w)}; phases ${await phasesSince(page, from)}`;
  // The map window also lists inclusive time: its refresh's callers (flush, grid, features) read there.
  return [head, ...topSelf(profile), ...(name === 'map' ? topInclusive(profile) : [])].join('\n');
}

/** Each request of the page and its worker (sent, answered; wall-clock ms), to say where a screen's open time went. */
function requestLog(page: Page): { at: number; what: string }[] {
  const log: { at: number; what: string }[] = [];
  const named = (address: string): string => new URL(address).pathname.replace(/^.*\/assets\//, '').replace(/^\/luc\/luc-core-web\/rest\//, 'REST ');
  page.on('request', (request) => log.push({ at: Date.now(), what: `→ ${request.method()} ${named(request.url())}` }));
  page.on('requestfinished', (request) => log.push({ at: Date.now(), what: `← ${named(request.url())}` }));
  page.on('requestfailed', (request) => log.push({ at: Date.now(), what: `× ${named(request.url())}` }));
  return log;
}

/** Opens a screen and prints the requests between the click and the drawn frame (ms from the click). */
async function openLogged(page: Page, log: { at: number; what: string }[], link: string, ready: string, lines: string[]): Promise<number | null> {
  const from = Date.now();
  const openMs = await openScreen(page, link, ready);
  const until = openMs === null ? Date.now() : from + openMs;
  const steps = log.filter((entry) => entry.at >= from && entry.at <= until).map((entry) => `${entry.at - from} ${entry.what}`);
  lines.push(`  ${link} open: ${openMs === null ? 'not drawn' : `${openMs} ms`}; requests: ${steps.join(', ') || 'none'}`);
  return openMs;
}

async function side(root: string): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'luc-frames-profile-'));
  await build({ root, logLevel: 'warn', build: { outDir: join(dir, 'dist'), emptyOutDir: true, sourcemap: false, minify: false } });
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  symlinkSync(join(ROOT, 'tsconfig.json'), join(dir, 'tsconfig.json'));
  const browser = await launch();
  const server = await startServer(dir, UNITS, undefined, root);
  const lines = [`${root} (load average ${(await import('node:os')).loadavg().map((l) => l.toFixed(1)).join(' ')})`];
  try {
    const { page } = await signedIn(browser, server.url);
    const log = requestLog(page);
    await page.addInitScript(PHASE_PROBE);
    if (process.env['LUC_PROFILE_ALLOC'] === 'all' || process.env['LUC_PROFILE_ALLOC'] === 'live') await page.addInitScript(STREAM_TALLY_PROBE);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: PROFILE_SAMPLE_US });
    await loadList(page, UNITS);
    await page.waitForTimeout(SETTLE_MS);
    // LUC_PROFILE_MAP_ONLY=1: straight from the list to the map window (no scroll, no multiview; a round in about half the time).
    const mapOnly = process.env['LUC_PROFILE_MAP_ONLY'] === '1';
    const listFrom = Date.now();
    const listFromPage = (await page.evaluate(() => performance.now())) as number;
    if (!mapOnly) lines.push(await window(cdp, page, 'list scrolling', null, () => scrollList(page)));
    // The store's first-snapshot fill runs in 8 ms slices after the paint; on a loaded machine they are long tasks of the window they overlap (docs/performance.md §5f).
    const filledAt = (await page.evaluate((mark) => performance.getEntriesByName(mark).at(-1)?.startTime ?? null, SNAPSHOT_FILLED_MARK)) as number | null;
    lines.push(`  store's fill of the first snapshot ended: ${filledAt === null ? 'no mark (not ended, or a checkout without the mark)' : `${(filledAt - listFromPage).toFixed(0)} ms from the list window's start (negative: before it)`}`);
    const listRequests = log.filter((entry) => entry.at >= listFrom && entry.what.startsWith('→') && entry.what.endsWith('.js')).map((entry) => `${entry.at - listFrom} ${entry.what}`);
    lines.push(`  scripts requested during the list window (ms from its start): ${listRequests.join(', ') || 'none'}`);
    // LUC_PROFILE_LIST_ONLY=1: the list window only (a round in about half the time).
    if (process.env['LUC_PROFILE_LIST_ONLY'] === '1') return lines.join('\n');
    await page.screenshot({ path: join(tmpdir(), `luc-frames-${root === ROOT ? 'B' : 'A'}-list.png`) });
    if (!mapOnly) {
      const wallOpen = await openLogged(page, log, 'Multiview', '[data-testid="multiview-wall"] canvas', lines);
      lines.push(await window(cdp, page, 'multiview', wallOpen, () => page.waitForTimeout(VIEW_MS)));
      await page.screenshot({ path: join(tmpdir(), `luc-frames-${root === ROOT ? 'B' : 'A'}-multiview.png`) });
    }
    // LUC_PROFILE_OPEN=1: the CPU profile of the map's open itself (click → drawn, plus the settle), self and inclusive.
    const profileOpen = process.env['LUC_PROFILE_OPEN'] === '1';
    if (profileOpen) await cdp.send('Profiler.start');
    const mapOpen = await openLogged(page, log, 'Map', '[data-testid="unit-map"] canvas', lines);
    if (profileOpen) {
      const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
      lines.push('  map open profile (click → drawn + settle):', ...topSelf(profile), ...topInclusive(profile));
    }
    lines.push(await window(cdp, page, 'map', mapOpen, () => page.waitForTimeout(VIEW_MS)));
    await page.screenshot({ path: join(tmpdir(), `luc-frames-${root === ROOT ? 'B' : 'A'}-map.png`) });
  } catch (error) {
    lines.push(`  failed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
  } finally {
    await stopServer(server);
    await browser.close().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  }
  return lines.join('\n');
}

async function main(): Promise<void> {
  const others = process.argv.slice(2);
  // The other checkouts first, then this one; LUC_PROFILE_THIS_FIRST=1 swaps that order, so two runs alternate which side meets the machine first.
  const thisFirst = process.env['LUC_PROFILE_THIS_FIRST'] === '1';
  for (let round = 0; round < ROUNDS; round += 1) {
    if (thisFirst) console.log(await side(ROOT));
    for (const other of others) console.log(await side(other));
    if (!thisFirst) console.log(await side(ROOT));
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
