/**
 * Where the worker's path allocates (docs/performance.md §3n): the 10k log's stream events as
 * version-2 frames with usage shapes (the console's wire), through a checkout's LiveSession and
 * FleetPipeline in Node, a diff every 1,000 events (a 16 ms frame at 60,000 events/s). One pass to
 * warm up, then one under V8's sampling heap profiler with the objects collected meanwhile included;
 * prints the bytes allocated per event in all and by allocating function. A look, not a figure.
 *
 *   node --import tsx [--no-turbo-inlining] bench/ingest/allocProbe.ts [CHECKOUT]
 *
 * `--no-turbo-inlining` puts each allocation on the function that makes it (with inlining, a
 * callee's allocations are counted to the caller it was inlined into); the total is the same.
 */
import { join, resolve } from 'node:path';
import { Session } from 'node:inspector/promises';
import { ConnectionEncoderV2, WireIdTable } from '../../src/protocol/binaryFramesV2.ts';
import { LinkLayouts } from '../../src/protocol/linkLayouts.ts';
import { WireShapeTable } from '../../src/protocol/shapesFrames.ts';
import type { Envelope } from '../../src/protocol/envelope.ts';
import { EVENTS_OP } from '../../src/protocol/ops.ts';
import { ROOT } from '../child.ts';
import { pumpFrames, settle } from './framePump.ts';
import { readTenKLog } from './tenKLog.ts';

const FRAME_EVENTS = 1_000;
const PER_FLUSH = 1_000;
/** Bytes between the profiler's samples (V8's default is 32 KiB; smaller reads small sites better). */
const SAMPLE_BYTES = 1_024;
const TOP = 30;

const root = resolve(process.argv[2] ?? ROOT);
const { units, stream } = readTenKLog();
const connection = new ConnectionEncoderV2(new WireIdTable(), new LinkLayouts(), new WireShapeTable());
const frames: Uint8Array[][] = [];
for (let at = 0; at < stream.length; at += FRAME_EVENTS) {
  const events = (JSON.parse(`{"op":"${EVENTS_OP}","events":[${stream.slice(at, at + FRAME_EVENTS).join(',')}]}`) as { events: Envelope[] }).events;
  frames.push(connection.frames(events));
}

type Pipeline = { flush(): boolean };
type LiveSession = { opened(): void; binaryMessage(bytes: Uint8Array): void };
const { FleetPipeline } = (await import(join(root, 'workers/pipeline/fleetPipeline.ts'))) as { FleetPipeline: new (deps: unknown) => Pipeline };
const { LiveSession } = (await import(join(root, 'workers/sources/liveSession.ts'))) as { LiveSession: new (deps: unknown, sink: Pipeline) => LiveSession };
const { systemClock, systemTimers } = (await import(join(root, 'workers/sources/clock.ts'))) as { systemClock: unknown; systemTimers: unknown };

const inspector = new Session();
inspector.connect();

/** One connection's pass over every frame; `sampled`: under the heap profiler from the first frame on. */
async function pass(sampled: boolean): Promise<void> {
  const pipeline = new FleetPipeline({ deliver: () => undefined, requestFrame: () => undefined, clock: systemClock, timers: { setTimeout: () => 0, clearTimeout: () => undefined } });
  const session = new LiveSession(
    { send: () => undefined, fetchSnapshot: async () => ({ watermark: 0, snapshot: { units, channels: [], servers: [] } }), groupTopic: 'group:G-FIXTURE', clock: systemClock, timers: systemTimers, random: Math.random },
    pipeline,
  );
  session.opened();
  await new Promise((done) => setTimeout(done, 300)); // the snapshot fetch and load
  await settle(() => pipeline.flush());
  if (sampled) await inspector.post('HeapProfiler.startSampling', { samplingInterval: SAMPLE_BYTES, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
  const send = (index: number): void => {
    for (const frame of frames[index] as Uint8Array[]) session.binaryMessage(frame);
  };
  await pumpFrames(frames.length, send, () => pipeline.flush(), FRAME_EVENTS, PER_FLUSH);
}

await pass(false);
await pass(true);
type HeapNode = { selfSize: number; children: HeapNode[]; callFrame: { functionName: string; url: string } };
const { profile } = (await inspector.post('HeapProfiler.stopSampling')) as unknown as { profile: { head: HeapNode } };
const bySite = new Map<string, number>();
const walk = (node: HeapNode): void => {
  const site = `${node.callFrame.functionName || '(anonymous)'} ${node.callFrame.url.split('/').slice(-2).join('/')}`;
  bySite.set(site, (bySite.get(site) ?? 0) + node.selfSize);
  node.children.forEach(walk);
};
walk(profile.head);
const total = [...bySite.values()].reduce((a, b) => a + b, 0);
console.log(`${root}: ${(total / stream.length).toFixed(0)} B allocated per event over ${stream.length} events`);
for (const [site, bytes] of [...bySite].sort((a, b) => b[1] - a[1]).slice(0, TOP)) console.log(`${(bytes / stream.length).toFixed(1).padStart(8)} B/event  ${site}`);
process.exit(0);
