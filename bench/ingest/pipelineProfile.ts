/**
 * The worker's path in one Node process, for CPU profiles (docs/performance.md §3b): the bench's
 * 10k log (fixtures/generated/bench-10k.ndjson; `npm run bench -- --only replay` generates it) cut
 * into frames of 1,000 events, fed to a LiveSession + FleetPipeline as batched JSON text frames and
 * as binary frames (`bin`: version 1; `bin2`: version 2, ids once per connection; `bin2-shapes`:
 * version 2 with usage and status shapes, the console's wire, §3q), a diff built every PER_FLUSH events (default 4,000, about a frame at 250k/s).
 * Prints events/s of wall time and per CPU-second of this process for each pass, and the CPU the
 * UI would spend decoding the diffs (decodeDiffPatches + decodeDiffUnits, timed apart and not in the
 * worker's rate). Not a figure of the bench: the Chromium figures are in ingestBench.ts.
 *
 *   WIRES=json,bin2,json,bin2 npx tsx bench/ingest/pipelineProfile.ts
 *   WIRES=bin2-shapes node --import tsx --cpu-prof --cpu-prof-dir=/tmp/prof bench/ingest/pipelineProfile.ts
 */
import { join } from 'node:path';
import { encodeBinaryFrame } from '../../src/protocol/binaryFrames.ts';
import { ConnectionEncoderV2, WireIdTable } from '../../src/protocol/binaryFramesV2.ts';
import { LinkLayouts } from '../../src/protocol/linkLayouts.ts';
import { ALL_SHAPE_KINDS, WireShapeTable } from '../../src/protocol/shapesFrames.ts';
import type { Envelope } from '../../src/protocol/envelope.ts';
import type { FleetSnapshot } from '../../src/protocol/snapshot.ts';
import { EVENTS_OP } from '../../src/protocol/ops.ts';
import type { FleetDiff } from '../../workers/pipeline/diff.ts';
import { decodeDiffPatches, decodeDiffUnits } from '../../workers/pipeline/diff.ts';
import { FleetPipeline } from '../../workers/pipeline/fleetPipeline.ts';
import { systemClock, systemTimers } from '../../workers/sources/clock.ts';
import { LiveSession } from '../../workers/sources/liveSession.ts';
import { pumpFrames, settle } from './framePump.ts';
import { readTenKLog } from './tenKLog.ts';

const FRAME_EVENTS = 1_000;
const PER_FLUSH = Number(process.env['PER_FLUSH'] ?? 4_000);

const { units, stream } = readTenKLog();
const texts: string[] = [];
const binaries: Uint8Array[] = [];
/** Version 2: per chunk its frames (an ids frame first when the chunk has ids the connection was not sent). */
const binariesV2: Uint8Array[][] = [];
/** Version 2 with usage and status shapes (the console's wire). */
const binariesShaped: Uint8Array[][] = [];
const connection = new ConnectionEncoderV2();
const shapedConnection = new ConnectionEncoderV2(new WireIdTable(), new LinkLayouts(), new WireShapeTable(), ALL_SHAPE_KINDS);
for (let at = 0; at < stream.length; at += FRAME_EVENTS) {
  const text = `{"op":"${EVENTS_OP}","events":[${stream.slice(at, at + FRAME_EVENTS).join(',')}]}`;
  texts.push(text);
  const events = (JSON.parse(text) as { events: Envelope[] }).events;
  binaries.push(encodeBinaryFrame(events));
  binariesV2.push(connection.frames(events));
  binariesShaped.push(shapedConnection.frames(events));
}
const bytes = (list: readonly { length: number }[]) => list.reduce((sum, item) => sum + item.length, 0) / stream.length;
console.log(`${stream.length} events; bytes/event: JSON ${bytes(texts).toFixed(0)}, binary ${(binaries.reduce((sum, b) => sum + b.byteLength, 0) / stream.length).toFixed(0)}`);

/** CPU ms (user + system) of this process since `since`. */
const cpuMsSince = (since: NodeJS.CpuUsage): number => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};

async function pass(wire: string): Promise<void> {
  let uiMs = 0;
  const decode = (diff: FleetDiff) => {
    const started = process.cpuUsage();
    decodeDiffPatches(diff);
    decodeDiffUnits(diff);
    uiMs += cpuMsSince(started);
  };
  const pipeline = new FleetPipeline({ deliver: decode, requestFrame: () => undefined, clock: systemClock, timers: { setTimeout: () => 0, clearTimeout: () => undefined } });
  const session = new LiveSession(
    {
      send: () => undefined,
      fetchSnapshot: async () => ({ watermark: 0, snapshot: { units, channels: [], servers: [] } as unknown as FleetSnapshot }),
      groupTopic: 'group:G-FIXTURE',
      clock: systemClock,
      timers: systemTimers,
      random: Math.random,
    },
    pipeline,
  );
  session.opened();
  await new Promise((resolve) => setTimeout(resolve, 300));
  await settle(() => pipeline.flush());
  uiMs = 0;
  const cpu0 = process.cpuUsage();
  const started = performance.now();
  const sendFrames = (chunks: Uint8Array[][]) => (k: number) => {
    for (const frame of chunks[k] as Uint8Array[]) session.binaryMessage(frame);
  };
  const send =
    wire === 'json'
      ? (k: number) => session.message(texts[k] as string)
      : wire === 'bin2'
        ? sendFrames(binariesV2)
        : wire === 'bin2-shapes'
          ? sendFrames(binariesShaped)
          : (k: number) => session.binaryMessage(binaries[k] as Uint8Array);
  await pumpFrames(texts.length, send, () => pipeline.flush(), FRAME_EVENTS, PER_FLUSH);
  const wall = performance.now() - started;
  const cpuMs = cpuMsSince(cpu0) - uiMs;
  const events = texts.length * FRAME_EVENTS;
  console.log(`${wire}: ${Math.round((events / wall) * 1000)} events/s wall, ${Math.round((events / cpuMs) * 1000)} per CPU-second; UI decode ${((uiMs * 1000) / events).toFixed(2)} µs/event; applied ${pipeline.model.applied}, bad frames ${session.stats.badFrames}`);
}

for (const wire of (process.env['WIRES'] ?? 'json,bin2,json,bin2').split(',')) await pass(wire);
process.exit(0);
