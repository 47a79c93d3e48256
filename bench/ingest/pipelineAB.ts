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
 * `AB_WIRES=v2,v2` against a checkout that also reads version 2 compares two worker paths on it;
 * `AB_WIRES=v2,v2-nolayout` against a checkout before p13 compares each side on the wire it reads.
 *
 *   npx tsx bench/ingest/pipelineAB.ts /tmp/main [ROUNDS]
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { encodeBinaryFrame } from '../../src/protocol/binaryFrames.ts';
import { ConnectionEncoderV2, WireIdTable } from '../../src/protocol/binaryFramesV2.ts';
import type { Envelope } from '../../src/protocol/envelope.ts';
import { EVENTS_OP } from '../../src/protocol/ops.ts';
import { ROOT } from '../child.ts';
import { median } from '../figure.ts';
import { pumpFrames, settle } from './framePump.ts';

const UNITS = 10_000;
const EVENTS = 250_000;
const FRAME_EVENTS = 1_000;
const PER_FLUSH = Number(process.env['PER_FLUSH'] ?? 4_000);

const other = process.argv[2];
if (other === undefined) throw new Error('usage: npx tsx bench/ingest/pipelineAB.ts OTHER_CHECKOUT [ROUNDS]');
const rounds = Number(process.argv[3] ?? 6);

const lines = readFileSync(join(ROOT, 'fixtures/generated/bench-10k.ndjson'), 'utf8').split('\n').slice(1, EVENTS + 1).filter((line) => line !== '');
const units = lines
  .filter((line) => line.includes('"unit.added"'))
  .slice(0, UNITS)
  .map((line) => {
    const event = JSON.parse(line) as { rev: number; data: unknown };
    return { rev: event.rev, unit: event.data };
  });
const stream = lines.filter((line) => !line.includes('"unit.added"') && !line.includes('"unit.removed"'));
const WIRES = ['v1', 'v2', 'v2-nolayout'] as const;
type Wire = (typeof WIRES)[number];
const wires = (process.env['AB_WIRES'] ?? 'v2,v1').split(',') as Wire[];
if (wires.length !== 2 || !wires.every((wire) => WIRES.includes(wire))) throw new Error(`AB_WIRES=${process.env['AB_WIRES']}: expected two of ${WIRES.join(', ')} (this side, other side)`);
/** Per wire, per 1,000-event chunk, the frames that carry it (version 2: an ids frame first when the chunk has new ids). */
const framesByWire: Record<Wire, Uint8Array[][]> = { v1: [], v2: [], 'v2-nolayout': [] };
const connection = new ConnectionEncoderV2();
const connectionNoLayouts = new ConnectionEncoderV2(new WireIdTable(), null);
for (let at = 0; at < stream.length; at += FRAME_EVENTS) {
  const text = `{"op":"${EVENTS_OP}","events":[${stream.slice(at, at + FRAME_EVENTS).join(',')}]}`;
  const events = (JSON.parse(text) as { events: Envelope[] }).events;
  if (wires.includes('v1')) framesByWire.v1.push([encodeBinaryFrame(events)]);
  if (wires.includes('v2')) framesByWire.v2.push(connection.frames(events));
  if (wires.includes('v2-nolayout')) framesByWire['v2-nolayout'].push(connectionNoLayouts.frames(events));
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
const thisMedian = median(results.get('this') ?? []);
const otherMedian = median(results.get('other') ?? []);
console.log(`median µs of CPU per event: this ${thisMedian.toFixed(2)}, other ${otherMedian.toFixed(2)}; other / this = ${(otherMedian / thisMedian).toFixed(3)}`);
process.exit(0);
