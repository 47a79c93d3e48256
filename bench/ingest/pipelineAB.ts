/**
 * Same-process A/B of the worker's path (docs/performance.md §3d): this checkout's LiveSession +
 * FleetPipeline against another checkout's (e.g. `git worktree add /tmp/main main`, or
 * `git archive main | tar -x -C /tmp/main`, with node_modules linked), both fed the same binary
 * frames of the bench's 10k log (fixtures/generated/bench-10k.ndjson) in alternated rounds inside
 * ONE process, so both sides see the same machine load from moment to moment: on the shared 2-core
 * box, runs in separate processes minutes apart differ by more than the changes measured here.
 *
 * Each round builds a fresh pipeline per side, loads the 10,000-unit snapshot (not timed), then
 * times the frames (1,000 events each) through `binaryMessage` with a diff every PER_FLUSH events
 * (default 4,000). Prints per round and side the µs of process CPU per event (user + system, so
 * V8's GC threads count), then the medians and their ratio. Not a figure of the bench.
 *
 * The wire of each side (`AB_WIRES=this,other`, default `v2,v1`): `v1`, binary frames version 1
 * (ids in every frame), or `v2`, version 2 (docs/protocol.md: the ids in ids frames once per
 * connection, a ref per event; only a checkout that reads version 2) with the layouts column (a
 * link-layout number per usage event, as the gateway sends it since round p13: only a checkout that
 * reads it), or `v2-nolayout`, version 2 without that column (what checkouts before p13 read). All
 * are encoded here, once;
 * each pass is a new connection, so its first chunk comes with the ids frame that starts the table.
 * `v2-shapes`: version 2 with the layouts column and usage shapes (`&usage=shapes`, round p18:
 * shapes frames and the usage columns; only a checkout that reads them). `v2-status`: also status
 * shapes (`&status=shapes`, round p30, §3q; only a checkout that reads them).
 * `AB_WIRES=v2,v2` against a checkout that also reads version 2 compares two worker paths on it;
 * `AB_WIRES=v2,v2-nolayout` against a checkout before p13 compares each side on the wire it reads.
 *
 *   npx tsx bench/ingest/pipelineAB.ts /tmp/main [ROUNDS]
 *
 * `AB_PART=ui` (docs/performance.md §5i): the UI's side of the same stream instead, the main
 * thread's patch path without a browser. The log is turned into diffs once
 * per side, with that side's pipeline (version 2 wire, a diff every PER_FLUSH events: 1,000 is a
 * 16 ms frame at 60,000 events/s); then, per side and round, a fresh FleetStore of that side's
 * checkout is seeded with the snapshot's diffs and takes every live diff as the page does: a
 * structured clone of it (the message's copy), cut by that side's
 * `sliceDiff` (src/fleet/pacedApply.ts, APPLY_SLICE_UNITS units a slice) and applied slice by
 * slice, with a changed-ids listener and 200 units' version signals followed (a screen's rows).
 * Prints per round and side the CPU µs per unit update, the young collections (PerformanceObserver
 * 'gc', minor) per 1,000 updates and, in a second pass under V8's sampling heap profiler (objects
 * collected meanwhile included), the bytes allocated per update; then medians and ratios.
 *
 * `AB_PART=guard` (docs/performance.md §3k): each side's envelope guard alone over the same events
 * (guardAB below). Every part prints the per-round ratios other / this and the rounds this side
 * is lower in.
 */
import { join, resolve } from 'node:path';
import { encodeBinaryFrame, packFrameBody, unpackFrameBody } from '../../src/protocol/binaryFrames.ts';
import { ConnectionEncoderV2, WireIdTable } from '../../src/protocol/binaryFramesV2.ts';
import { LinkLayouts } from '../../src/protocol/linkLayouts.ts';
import { WireShapeTable } from '../../src/protocol/shapesFrames.ts';
import type { Envelope } from '../../src/protocol/envelope.ts';
import { EVENTS_OP } from '../../src/protocol/ops.ts';
import { ROOT } from '../child.ts';
import { median } from '../figure.ts';
import { pumpFrames, settle } from './framePump.ts';
import { readTenKLog } from './tenKLog.ts';

const FRAME_EVENTS = 1_000;
const PER_FLUSH = Number(process.env['PER_FLUSH'] ?? 4_000);

const other = process.argv[2];
if (other === undefined) throw new Error('usage: npx tsx bench/ingest/pipelineAB.ts OTHER_CHECKOUT [ROUNDS]');
const rounds = Number(process.argv[3] ?? 6);

const { units, stream } = readTenKLog();
const WIRES = ['v1', 'v2', 'v2-nolayout', 'v2-shapes', 'v2-status'] as const;
type Wire = (typeof WIRES)[number];
const wires = (process.env['AB_WIRES'] ?? 'v2,v1').split(',') as Wire[];
if (wires.length !== 2 || !wires.every((wire) => WIRES.includes(wire))) throw new Error(`AB_WIRES=${process.env['AB_WIRES']}: expected two of ${WIRES.join(', ')} (this side, other side)`);
/** Per wire, per 1,000-event chunk, the frames that carry it (version 2: an ids frame first when the chunk has new ids). */
const framesByWire: Record<Wire, Uint8Array[][]> = { v1: [], v2: [], 'v2-nolayout': [], 'v2-shapes': [], 'v2-status': [] };
const connection = new ConnectionEncoderV2();
const connectionNoLayouts = new ConnectionEncoderV2(new WireIdTable(), null);
const connectionShapes = new ConnectionEncoderV2(new WireIdTable(), new LinkLayouts(), new WireShapeTable(), { usage: true, status: false });
const connectionStatus = new ConnectionEncoderV2(new WireIdTable(), new LinkLayouts(), new WireShapeTable(), { usage: true, status: true });
for (let at = 0; at < stream.length; at += FRAME_EVENTS) {
  const text = `{"op":"${EVENTS_OP}","events":[${stream.slice(at, at + FRAME_EVENTS).join(',')}]}`;
  const events = (JSON.parse(text) as { events: Envelope[] }).events;
  if (wires.includes('v1')) framesByWire.v1.push([encodeBinaryFrame(events)]);
  if (wires.includes('v2')) framesByWire.v2.push(connection.frames(events));
  if (wires.includes('v2-nolayout')) framesByWire['v2-nolayout'].push(connectionNoLayouts.frames(events));
  if (wires.includes('v2-shapes')) framesByWire['v2-shapes'].push(connectionShapes.frames(events));
  if (wires.includes('v2-status')) framesByWire['v2-status'].push(connectionStatus.frames(events));
}

/** The two modules a side needs, from its checkout. */
type Side = { name: string; wire: Wire; pipelineModule: Record<string, unknown>; sessionModule: Record<string, unknown>; clockModule: Record<string, unknown> };

async function sideOf(name: string, wire: Wire, root: string): Promise<Side> {
  return {
    name,
    wire,
    pipelineModule: (await import(join(root, 'workers/pipeline/fleetPipeline.ts'))) as Record<string, unknown>,
    sessionModule: (await import(join(root, 'workers/sources/liveSession.ts'))) as Record<string, unknown>,
    clockModule: (await import(join(root, 'workers/sources/clock.ts'))) as Record<string, unknown>,
  };
}

type Session = { opened(): void; binaryMessage(bytes: Uint8Array): void; stats: { badFrames: number } };
type Pipeline = { flush(): boolean; model: { applied: number } };

/** µs of process CPU per event for one pass of every frame through a fresh pipeline of `side`. */
async function pass(side: Side): Promise<number> {
  const Pipeline = side.pipelineModule['FleetPipeline'] as new (deps: unknown) => Pipeline;
  const LiveSession = side.sessionModule['LiveSession'] as new (deps: unknown, sink: unknown) => Session;
  const clock = side.clockModule['systemClock'];
  const pipeline = new Pipeline({ deliver: () => undefined, requestFrame: () => undefined, clock, timers: { setTimeout: () => 0, clearTimeout: () => undefined } });
  const session = new LiveSession(
    {
      send: () => undefined,
      fetchSnapshot: async () => ({ watermark: 0, snapshot: { units, channels: [], servers: [] } }),
      groupTopic: 'group:G-FIXTURE',
      clock,
      timers: side.clockModule['systemTimers'],
      random: Math.random,
    },
    pipeline,
  );
  session.opened();
  await new Promise((done) => setTimeout(done, 300)); // the snapshot fetch and load
  await settle(() => pipeline.flush()); // the snapshot's diff parts, all sent before the timed frames
  const appliedBefore = pipeline.model.applied;
  const cpu0 = process.cpuUsage();
  const frames = framesByWire[side.wire];
  const send = (index: number): void => {
    for (const frame of frames[index] as Uint8Array[]) session.binaryMessage(frame);
  };
  await pumpFrames(frames.length, send, () => pipeline.flush(), FRAME_EVENTS, PER_FLUSH);
  const used = process.cpuUsage(cpu0);
  const events = pipeline.model.applied - appliedBefore;
  if (events !== stream.length || session.stats.badFrames !== 0) throw new Error(`${side.name}: applied ${events} of ${stream.length}, bad frames ${session.stats.badFrames}`);
  return (used.user + used.system) / events;
}

if (process.env['AB_PART'] === 'ui') {
  await uiAB(resolve(other));
  process.exit(0);
}
if (process.env['AB_PART'] === 'guard') {
  await guardAB(resolve(other));
  process.exit(0);
}

/**
 * `AB_PART=guard` (docs/performance.md §3k): the structural guard alone, each side's `isEnvelope`
 * (src/protocol/envelopeGuard.ts of its checkout) over the same envelopes of the log's stream
 * (their payloads through msgpackr once, as the binary frames carry them, kept alive), GUARD_PASSES times per
 * round, alternated; CPU ns per event, the medians, the per-round ratios other / this.
 */
async function guardAB(otherRoot: string): Promise<void> {
  // The payloads as the binary reader gets them: through msgpackr per 1,000-event frame body
  // (packFrameBody / unpackFrameBody), so their strings are fresh, not JSON.parse's internalized ones.
  const parsed = stream.map((line) => JSON.parse(line) as Envelope);
  const envelopes: unknown[] = [];
  for (let at = 0; at < parsed.length; at += FRAME_EVENTS) {
    const chunk = parsed.slice(at, at + FRAME_EVENTS);
    const datas = unpackFrameBody(packFrameBody(chunk.map((event) => event.data))) as unknown[];
    chunk.forEach((event, i) => envelopes.push({ ...event, data: datas[i] }));
  }
  const guards: [string, (input: unknown) => boolean][] = [];
  for (const [name, root] of [['this', ROOT], ['other', otherRoot]] as const) {
    guards.push([name, ((await import(join(root, 'src/protocol/envelopeGuard.ts'))) as { isEnvelope: (input: unknown) => boolean }).isEnvelope]);
  }
  const GUARD_PASSES = 4;
  const passOf = (guard: (input: unknown) => boolean): number => {
    const cpu0 = process.cpuUsage();
    let accepted = 0;
    for (let pass = 0; pass < GUARD_PASSES; pass += 1) for (const envelope of envelopes) if (guard(envelope)) accepted += 1;
    const used = process.cpuUsage(cpu0);
    if (accepted !== GUARD_PASSES * envelopes.length) throw new Error(`guard refused ${GUARD_PASSES * envelopes.length - accepted} valid events`);
    return ((used.user + used.system) * 1000) / accepted;
  };
  for (const [, guard] of guards) passOf(guard); // warm-up: both optimized before timing
  const results = new Map<string, number[]>(guards.map(([name]) => [name, []]));
  for (let round = 0; round < rounds; round += 1) {
    for (const [name, guard] of round % 2 === 0 ? guards : [...guards].reverse()) {
      const ns = passOf(guard);
      results.get(name)?.push(ns);
      console.log(`round ${round + 1} ${name}: ${ns.toFixed(1)} ns/event (load ${(await import('node:os')).loadavg()[0]?.toFixed(1)})`);
    }
  }
  printAB(results, 'ns of CPU per event in the guard');
}

/** The medians of both sides, their ratio other / this, and the per-round ratios' median and count where this side is lower. */
function printAB(results: Map<string, number[]>, what: string): void {
  const mine = results.get('this') ?? [];
  const theirs = results.get('other') ?? [];
  const perRound = mine.map((value, i) => (theirs[i] ?? Number.NaN) / value);
  console.log(`median ${what}: this ${median(mine).toFixed(2)}, other ${median(theirs).toFixed(2)}; other / this = ${(median(theirs) / median(mine)).toFixed(3)} (medians), ${median(perRound).toFixed(3)} (median of per-round ratios, ${Math.min(...perRound).toFixed(2)}-${Math.max(...perRound).toFixed(2)}), this lower in ${perRound.filter((r) => r > 1).length} of ${perRound.length}`);
}

/** The diffs this checkout's pipeline builds from the log: the snapshot's (reset and its parts), then the live ones. */
async function recordDiffs(root: string): Promise<{ seed: unknown[]; live: unknown[] }> {
  const { FleetPipeline } = (await import(join(root, 'workers/pipeline/fleetPipeline.ts'))) as typeof import('../../workers/pipeline/fleetPipeline.ts');
  const { LiveSession } = (await import(join(root, 'workers/sources/liveSession.ts'))) as typeof import('../../workers/sources/liveSession.ts');
  const { systemClock, systemTimers } = (await import(join(root, 'workers/sources/clock.ts'))) as typeof import('../../workers/sources/clock.ts');
  const diffs: unknown[] = [];
  const pipeline = new FleetPipeline({ deliver: (diff) => void diffs.push(diff), requestFrame: () => undefined, clock: systemClock, timers: { setTimeout: () => 0, clearTimeout: () => undefined } });
  const session = new LiveSession(
    { send: () => undefined, fetchSnapshot: async () => ({ watermark: 0, snapshot: { units, channels: [], servers: [] } }) as never, groupTopic: 'group:G-FIXTURE', clock: systemClock, timers: systemTimers, random: Math.random },
    pipeline,
  ) as unknown as Session;
  session.opened();
  await new Promise((done) => setTimeout(done, 300));
  await settle(() => pipeline.flush());
  const seed = diffs.splice(0);
  const frames = framesByWire.v2.length > 0 ? framesByWire.v2 : framesByWire.v1;
  await pumpFrames(frames.length, (index) => {
    for (const frame of frames[index] as Uint8Array[]) session.binaryMessage(frame);
  }, () => pipeline.flush(), FRAME_EVENTS, PER_FLUSH);
  await settle(() => pipeline.flush());
  return { seed, live: diffs };
}

type UiSide = { name: string; store: Record<string, unknown>; paced: Record<string, unknown>; seed: unknown[]; live: unknown[] };
type UiStore = { apply(diff: unknown): void; unitIds(): string[]; unitVersion(id: string): unknown; onUnitsChanged(listener: (ids: readonly string[]) => void): () => void };

/** One pass of a side: a fresh store seeded, then every live diff sliced and applied; the unit updates applied. */
function uiPass(side: UiSide): { updates: number; run: () => void } {
  const { seed, live } = side;
  const FleetStore = side.store['FleetStore'] as new (later: (work: () => void) => void) => UiStore;
  const sliceDiff = side.paced['sliceDiff'] as (diff: unknown, sliceUnits: number) => { units: readonly unknown[]; patches?: readonly unknown[]; patchRows?: { from: number; to: number } }[];
  const sliceUnits = side.paced['APPLY_SLICE_UNITS'] as number;
  const store = new FleetStore((work) => work());
  for (const diff of seed) store.apply(diff);
  for (const id of store.unitIds().slice(0, 200)) store.unitVersion(id);
  let updates = 0;
  store.onUnitsChanged((ids) => void (updates += ids.length));
  return {
    get updates() {
      return updates;
    },
    run: () => {
      // structuredClone: the message's copy on the main thread (the page transfers the buffers; here they are copied, outside the JS heap).
      for (const diff of live) for (const slice of sliceDiff(structuredClone(diff), sliceUnits)) store.apply(slice);
    },
  };
}

async function uiAB(otherRoot: string): Promise<void> {
  const { Session: Inspector } = await import('node:inspector/promises');
  const { PerformanceObserver, constants } = await import('node:perf_hooks');
  const sides: UiSide[] = [];
  for (const [name, root] of [['this', ROOT], ['other', otherRoot]] as const) {
    // Each side's diffs from its own pipeline (what its worker would post), applied by its own store.
    const { seed, live } = await recordDiffs(root);
    sides.push({ name, seed, live, store: (await import(join(root, 'src/fleet/store.ts'))) as Record<string, unknown>, paced: (await import(join(root, 'src/fleet/pacedApply.ts'))) as Record<string, unknown> });
  }
  let minor = 0;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if ((entry as unknown as { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MINOR) minor += 1;
  });
  observer.observe({ entryTypes: ['gc'] });
  const inspector = new Inspector();
  inspector.connect();
  await inspector.post('HeapProfiler.enable');
  const results = new Map<string, { cpu: number[]; gcs: number[]; bytes: number[] }>(sides.map((side) => [side.name, { cpu: [], gcs: [], bytes: [] }]));
  console.log(`UI patch path: ${sides.map((side) => `${side.name} ${side.live.length} live diffs after ${side.seed.length} snapshot diffs`).join(', ')} (load ${(await import('node:os')).loadavg()[0]?.toFixed(1)})`);
  for (const side of sides) uiPass(side).run(); // warm-up
  for (let round = 0; round < rounds; round += 1) {
    for (const side of round % 2 === 0 ? sides : [...sides].reverse()) {
      const timed = uiPass(side);
      await new Promise((done) => setTimeout(done, 0));
      const minorBefore = minor;
      const cpu0 = process.cpuUsage();
      timed.run();
      const used = process.cpuUsage(cpu0);
      await new Promise((done) => setTimeout(done, 0)); // the gc entries are queued
      const updates = timed.updates;
      const gcs = minor - minorBefore;
      const sampled = uiPass(side);
      await inspector.post('HeapProfiler.startSampling', { samplingInterval: 4096, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
      sampled.run();
      const { profile } = (await inspector.post('HeapProfiler.stopSampling')) as unknown as { profile: { head: HeapNode } };
      const bytes = total(profile.head);
      const result = results.get(side.name);
      result?.cpu.push((used.user + used.system) / updates);
      result?.gcs.push((gcs * 1000) / updates);
      result?.bytes.push(bytes / sampled.updates);
      console.log(`round ${round + 1} ${side.name}: ${updates} updates, ${((used.user + used.system) / updates).toFixed(2)} µs CPU/update, ${gcs} young collections (${((gcs * 1000) / updates).toFixed(2)} per 1,000 updates), ${(bytes / sampled.updates).toFixed(0)} B allocated/update (load ${(await import('node:os')).loadavg()[0]?.toFixed(1)})`);
    }
  }
  observer.disconnect();
  const of = (name: string, key: 'cpu' | 'gcs' | 'bytes'): number => median(results.get(name)?.[key] ?? []);
  for (const key of ['cpu', 'gcs', 'bytes'] as const) console.log(`median ${key}: this ${of('this', key).toFixed(2)}, other ${of('other', key).toFixed(2)}; this / other = ${(of('this', key) / of('other', key)).toFixed(3)}`);
}

type HeapNode = { selfSize: number; children: HeapNode[] };
function total(node: HeapNode): number {
  return node.children.reduce((sum, child) => sum + total(child), node.selfSize);
}

const sides = [await sideOf('this', wires[0] as Wire, ROOT), await sideOf('other', wires[1] as Wire, resolve(other))];
console.log(`wires: this ${sides[0]?.wire}, other ${sides[1]?.wire}`);
const results = new Map<string, number[]>(sides.map((side) => [side.name, []]));
for (const side of sides) await pass(side); // warm-up: both sides compiled and optimized before timing
for (let round = 0; round < rounds; round += 1) {
  // Alternate which side goes first, so neither always runs right after the other's garbage.
  for (const side of round % 2 === 0 ? sides : [...sides].reverse()) {
    const perEvent = await pass(side);
    results.get(side.name)?.push(perEvent);
    console.log(`round ${round + 1} ${side.name}: ${perEvent.toFixed(2)} µs/event (load ${(await import('node:os')).loadavg()[0]?.toFixed(1)})`);
  }
}
printAB(results, 'µs of CPU per event');
process.exit(0);
